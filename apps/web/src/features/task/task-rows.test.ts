import type { Task } from "@tasuki/contract/task/task.schema";
import { describe, expect, it } from "vitest";
import { buildTaskRows, neighboursForDrop, type RowSources, tasksOfRows } from "./task-rows.ts";

let serial = 0;
function task(fields: Partial<Task>): Task {
  serial += 1;
  return {
    id: `t${serial}`,
    workspace_id: "w",
    title: `タスク${serial}`,
    description: "",
    description_source: null,
    status: "none",
    priority: "none",
    starts_at: null,
    expires_at: null,
    assignee: null,
    manager: null,
    group_id: null,
    project_id: null,
    meeting_id: null,
    primary_item_id: null,
    secondary_item_id: null,
    is_public: false,
    notification: null,
    has_notification: false,
    deadline_category: null,
    periodic_rule: null,
    periodic_series_id: null,
    occurrence_date: null,
    position: serial,
    created_by: null,
    deleted_at: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

const base: Omit<RowSources, "tasks"> = {
  sort: "deadline",
  groups: [
    { id: "g1", name: "営業部" },
    { id: "g2", name: "開発部" },
  ],
  projects: [{ id: "p1", name: "発表会", color: "#e53935", groupId: "g1" }],
  collapsed: new Set(),
  additions: true,
};

const shape = (rows: ReturnType<typeof buildTaskRows>) =>
  rows.map((row) => {
    if (row.kind === "task") return `${"  ".repeat(row.depth)}task ${row.task.title}`;
    if (row.kind === "addition") return `${"  ".repeat(row.depth)}+${row.addition}`;
    if (row.kind === "topTitle") return `top ${row.count}`;
    if (row.kind === "primaryItem") return `${"  ".repeat(row.depth)}${row.level} ${row.itemId} (${row.count})`;
    return `${"  ".repeat(row.depth)}${row.kind} ${row.name} (${row.count})`;
  });

describe("buildTaskRows", () => {
  it("groups group → project → 大項目 → 中項目, groups in tree order, a project's task under its group", () => {
    const rows = buildTaskRows({
      ...base,
      rootAddition: true,
      tasks: [
        task({ title: "開発", group_id: "g2", expires_at: "2026-01-01T00:00:00Z" }),
        task({ title: "中", project_id: "p1", primary_item_id: "i1", secondary_item_id: "s1" }),
        task({ title: "大", project_id: "p1", primary_item_id: "i1", expires_at: "2026-02-01T00:00:00Z" }),
        task({ title: "無所属" }),
      ],
    });
    expect(shape(rows)).toEqual([
      "top 4",
      "+task",
      "group 営業部 (2)",
      "  +task",
      "  project 発表会 (2)",
      "    +task",
      "    primary i1 (2)",
      "      task 大",
      "      +task",
      "      secondary s1 (1)",
      "        task 中",
      "        +task",
      "group 開発部 (1)",
      "  task 開発",
      "  +task",
      "group グループなし (1)",
      "  task 無所属",
    ]);
  });

  it("sorts by deadline with undated last, or by priority, or by manual position", () => {
    const a = task({ title: "後", expires_at: "2026-03-01T00:00:00Z", priority: "low", position: 1 });
    const b = task({ title: "先", expires_at: "2026-01-01T00:00:00Z", priority: "none", position: 3 });
    const c = task({ title: "なし", priority: "high", position: 2 });
    const titles = (sort: RowSources["sort"]) =>
      tasksOfRows(buildTaskRows({ ...base, sort, tasks: [a, b, c] })).map((t) => t.title);
    expect(titles("deadline")).toEqual(["先", "後", "なし"]);
    expect(titles("priority")).toEqual(["なし", "後", "先"]);
    expect(titles("manual")).toEqual(["後", "なし", "先"]);
  });

  it("hides what is under a collapsed header and adds nothing in the trash", () => {
    const rows = buildTaskRows({
      ...base,
      additions: false,
      collapsed: new Set(["g:g1"]),
      tasks: [task({ title: "隠れる", group_id: "g1" }), task({ title: "見える", group_id: "g2" })],
    });
    expect(shape(rows)).toEqual(["top 2", "group 営業部 (1)", "group 開発部 (1)", "  task 見える"]);
  });

  it("lays out the whole plan of the project tab, empty items included, with item additions", () => {
    const rows = buildTaskRows({
      ...base,
      project: {
        id: "p1",
        primaryItems: [
          { id: "i1", name: "会場" },
          { id: "i2", name: "広報" },
        ],
        secondaryItems: new Map([["i1", [{ id: "s1", name: "下見" }]]]),
      },
      tasks: [task({ title: "見積", project_id: "p1", primary_item_id: "i2" })],
    });
    expect(shape(rows)).toEqual([
      "top 1",
      "project 発表会 (1)",
      "  +task",
      "  primary i1 (0)",
      "    +task",
      "    secondary s1 (0)",
      "      +task",
      "    +secondaryItem",
      "  primary i2 (1)",
      "    task 見積",
      "    +task",
      "    +secondaryItem",
      "  +primaryItem",
    ]);
    const names = rows.flatMap((row) => (row.kind === "primaryItem" ? [row.name] : []));
    expect(names).toEqual(["会場", "下見", "広報"]);
  });
});

describe("neighboursForDrop", () => {
  it("takes the target's place: after it when moved down, before it when moved up or in from elsewhere", () => {
    expect(neighboursForDrop(["a", "b", "c"], "a", "c")).toEqual({ prev_id: "c", next_id: null });
    expect(neighboursForDrop(["a", "b", "c"], "c", "a")).toEqual({ prev_id: null, next_id: "a" });
    expect(neighboursForDrop(["a", "b", "c"], "x", "b")).toEqual({ prev_id: "a", next_id: "b" });
    expect(neighboursForDrop(["a", "b"], "a", "a")).toBeNull();
  });
});
