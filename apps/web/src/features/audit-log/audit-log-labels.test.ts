import { describe, expect, it } from "vitest";
import { changeLines, formatValue } from "./audit-log-labels.ts";

describe("changeLines", () => {
  it("reads an update as before → after with the labels of the screens", () => {
    expect(
      changeLines({ entity: "task", before: { status: "none", title: "A" }, after: { status: "done", title: "B" } }),
    ).toEqual([
      { key: "status", label: "ステータス", before: "未着手", after: "完了" },
      { key: "title", label: "タイトル", before: "A", after: "B" },
    ]);
  });

  it("leaves out ids, the order and empty fields, and shows a creation's values", () => {
    expect(
      changeLines({
        entity: "workspace_user",
        before: null,
        after: { id: "x", role: "admin", status: "active", position: 3, employee_code: null },
      }),
    ).toEqual([
      { key: "role", label: "権限", before: null, after: "管理者" },
      { key: "status", label: "ステータス", before: null, after: "利用中" },
    ]);
  });
});

describe("formatValue", () => {
  it("writes empty values, booleans and Tokyo times for people", () => {
    expect(formatValue("task", "description", "")).toBe("（なし）");
    expect(formatValue("task", "is_public", true)).toBe("はい");
    expect(formatValue("task", "expires_at", "2026-12-03T14:59:59+00:00")).toBe("2026/12/03 23:59");
  });
});
