import type { Task } from "@tasuki/contract/task/task.schema";
import { describe, expect, it } from "vitest";
import { TASK_CSV_HEADER, taskCsvRows } from "./task-csv.ts";

const task = {
  id: "t1",
  title: "見積もりを依頼する",
  status: "in_progress",
  priority: "high",
  starts_at: null,
  expires_at: "2026-03-31T14:59:59.000Z",
  assignee: { id: "s1", last_name: "佐藤", first_name: "花子", avatar_url: null },
  manager: null,
  group_id: "g1",
  project_id: "p1",
  primary_item_id: "i1",
  secondary_item_id: null,
  is_public: true,
  has_notification: true,
  deadline_category: "nearDeadline",
  periodic_rule: null,
  periodic_series_id: null,
  created_at: "2026-03-01T00:00:00.000Z",
  updated_at: "2026-03-02T00:00:00.000Z",
} as unknown as Task;

describe("taskCsvRows", () => {
  it("writes one line per task in Japanese labels and Tokyo dates, names resolved by the caller", () => {
    const names = { g1: "営業部", p1: "発表会", i1: "会場手配" } as Record<string, string>;
    const lookup = (id: string | null) => (id ? (names[id] ?? "") : "");
    const [header, line] = taskCsvRows([task], { group: lookup, project: lookup, item: lookup });
    expect(header).toEqual([...TASK_CSV_HEADER]);
    expect(line).toEqual([
      "営業部",
      "発表会",
      "会場手配",
      "",
      "見積もりを依頼する",
      "進行中",
      "高",
      "佐藤\u3000花子",
      "",
      "",
      "2026/03/31",
      "3日以内",
      "公開",
      "あり",
      "なし",
      "2026/03/01 09:00",
      "2026/03/02 09:00",
    ]);
  });
});
