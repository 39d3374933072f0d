// @vitest-environment jsdom
import { auditActionLabel, auditEntityLabel } from "@tasuki/contract/audit-log/audit-log.labels";
import { describe, expect, it } from "vitest";
import { changeLines, changeSummary, formatValue } from "./audit-log-labels.ts";

describe("changeLines", () => {
  it("reads an update as before → after with the labels of the screens", () => {
    expect(
      changeLines({
        entity: "task",
        before: { status: "none", title: "A" },
        after: { status: "done", title: "B" },
        names: {},
      }),
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
        names: {},
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
    expect(formatValue("task", "updated_at", "2026-12-03T06:05:00+00:00")).toBe("2026/12/03 15:05");
  });

  it("writes a deadline given as a date without the 23:59 it is stored at", () => {
    expect(formatValue("task", "expires_at", "2026-12-03T14:59:59+00:00")).toBe("2026/12/03");
    expect(formatValue("task", "expires_at", "2026-12-03T06:00:00+00:00")).toBe("2026/12/03 15:00");
  });
});

describe("names and the one-line summary", () => {
  const assignee = "0190a000-0000-7000-8000-000000000001";
  const group = "0190a000-0000-7000-8000-000000000002";
  const gone = "0190a000-0000-7000-8000-000000000003";

  it("shows people and rows by name, and says when the row is gone", () => {
    const lines = changeLines({
      entity: "task",
      before: { assignee_id: gone, group_id: null },
      after: { assignee_id: assignee, group_id: group },
      names: { [assignee]: "山田　太郎", [group]: "営業部" },
    });
    expect(lines).toEqual([
      { key: "assignee_id", label: "担当者", before: "（削除されたデータ）", after: "山田　太郎" },
      { key: "group_id", label: "グループ", before: "（なし）", after: "営業部" },
    ]);
    expect(JSON.stringify(lines)).not.toContain(assignee);
    expect(changeSummary(lines)).toBe("担当者・グループ");
  });

  it("writes one change in full and many by their fields", () => {
    const one = changeLines({ entity: "task", before: { status: "none" }, after: { status: "done" }, names: {} });
    expect(changeSummary(one)).toBe("ステータス：未着手 → 完了");
    const many = changeLines({
      entity: "task",
      before: null,
      after: { title: "A", priority: "high", is_public: true, description: "B", starts_on: "2025-11-25" },
      names: {},
    });
    expect(changeSummary(many)).toBe("タイトル・優先度・公開 ほか2項目");
    expect(formatValue("project", "starts_on", "2025-11-25")).toBe("2025年11月25日");
    expect(formatValue("workspace", "date_style", "japanese")).toBe("和暦");
    expect(changeSummary([])).toBe("");
  });
});

describe("entries of a comment, and what this version does not know", () => {
  it("shows a comment's text without its markup and without its mentions' ids", () => {
    expect(
      changeLines({
        entity: "task_comment",
        before: null,
        after: {
          body: '<p><span data-type="mention" data-id="s1">@山田　太郎</span> 先方に<strong>確認</strong>しました</p>',
          mentions: { staff: ["s1"], groups: [] },
          task_id: "t1",
        },
        names: { t1: "見積書を送る" },
      }),
    ).toEqual([
      { key: "body", label: "本文", before: null, after: "@山田　太郎 先方に確認しました" },
      { key: "task_id", label: "タスク", before: null, after: "見積書を送る" },
    ]);
  });

  it("shows an entity, an action and a field it has no name for as stored", () => {
    expect(auditEntityLabel("task_comment")).toBe("タスクのコメント");
    expect(auditEntityLabel("task_reaction")).toBe("task_reaction");
    expect(auditActionLabel("archived")).toBe("archived");
    expect(changeLines({ entity: "task_reaction", before: null, after: { emoji: "👍" }, names: {} })).toEqual([
      { key: "emoji", label: "emoji", before: null, after: "👍" },
    ]);
  });
});
