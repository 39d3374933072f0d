import type { Task } from "@tasuki/contract/task/task.schema";
import { describe, expect, it } from "vitest";
import { buildTaskRows, neighboursForDrop, ROOT_SECTION, type RowSources, tasksOfRows } from "./task-rows.ts";

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
};

const shape = (rows: ReturnType<typeof buildTaskRows>) =>
  rows.map((row) => {
    if (row.kind === "task") {
      const marks = `${row.fresh ? " *" : ""}${row.series ? ` [${row.series.role} +${row.series.others}]` : ""}`;
      return `${"  ".repeat(row.depth)}task ${row.task.title}${marks}`;
    }
    if (row.kind === "addition") return `${"  ".repeat(row.depth)}+${row.addition}`;
    if (row.kind === "topTitle") return `top ${row.count}`;
    if (row.kind === "primaryItem") return `${"  ".repeat(row.depth)}${row.level} ${row.itemId} (${row.count})`;
    return `${"  ".repeat(row.depth)}${row.kind} ${row.name} (${row.count})`;
  });

describe("buildTaskRows", () => {
  it("groups group → project → 大項目 → 中項目, groups in tree order, a project's task under its group", () => {
    const rows = buildTaskRows({
      ...base,
      tasks: [
        task({ title: "開発", group_id: "g2", expires_at: "2026-01-01T00:00:00Z" }),
        task({ title: "中", project_id: "p1", primary_item_id: "i1", secondary_item_id: "s1" }),
        task({ title: "大", project_id: "p1", primary_item_id: "i1", expires_at: "2026-02-01T00:00:00Z" }),
        task({ title: "無所属" }),
      ],
    });
    // No addition row under every level: each header carries its section's add action.
    expect(shape(rows)).toEqual([
      "top 4",
      "group 営業部 (2)",
      "  project 発表会 (2)",
      "    primary i1 (2)",
      "      task 大",
      "      secondary s1 (1)",
      "        task 中",
      "group 開発部 (1)",
      "  task 開発",
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

  it("hides what is under a collapsed header", () => {
    const rows = buildTaskRows({
      ...base,
      collapsed: new Set(["g:g1"]),
      tasks: [task({ title: "隠れる", group_id: "g1" }), task({ title: "見える", group_id: "g2" })],
    });
    expect(shape(rows)).toEqual(["top 2", "group 営業部 (1)", "group 開発部 (1)", "  task 見える"]);
  });

  it("lays out the whole plan of the project tab, empty items included, with the open item field", () => {
    const rows = buildTaskRows({
      ...base,
      adding: { sectionKey: "g:__none__/p:p1/i:i1", kind: "secondaryItem" },
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
      "  primary i1 (0)",
      "    secondary s1 (0)",
      "    +secondaryItem",
      "  primary i2 (1)",
      "    task 見積",
    ]);
    const names = rows.flatMap((row) => (row.kind === "primaryItem" ? [row.name] : []));
    expect(names).toEqual(["会場", "下見", "広報"]);
  });
});

describe("buildTaskRows in the flat tabs", () => {
  it("lists tasks without headers, each with its place, and keeps tasks added in place where they were typed", () => {
    const early = task({ title: "早い", group_id: "g1", expires_at: "2026-01-01T00:00:00Z" });
    const late = task({ title: "遅い", project_id: "p1", expires_at: "2026-05-01T00:00:00Z" });
    const added = task({ title: "追加1" });
    const added2 = task({ title: "追加2" });
    const rows = buildTaskRows({
      ...base,
      flat: true,
      adding: { sectionKey: ROOT_SECTION, kind: "task" },
      pinned: [added.id, added2.id],
      tasks: [late, added2, early, added],
    });
    expect(shape(rows)).toEqual(["top 4", "  task 追加1 *", "  task 追加2 *", "  +task", "  task 早い", "  task 遅い"]);
    expect(rows.every((row) => row.kind !== "task" || row.showPath)).toBe(true);
  });

  it("shows a periodic series as one row for its next occurrence, expandable to the others", () => {
    const rule = { frequency: "weekly", weekdays: [1], interval: 1, start_date: "2026-11-02" };
    const template = task({ title: "週次", periodic_rule: rule, periodic_series_id: "s", status: "done" });
    const past = task({ title: "週次", periodic_series_id: "s", occurrence_date: "2026-11-30", status: "done" });
    const next = task({ title: "週次", periodic_series_id: "s", occurrence_date: "2026-12-07" });
    const later = task({ title: "週次", periodic_series_id: "s", occurrence_date: "2026-12-14" });
    const other = task({ title: "単発" });
    const sources = { ...base, flat: true, today: "2026-12-01", tasks: [later, other, template, next, past] };
    const rows = buildTaskRows(sources);
    expect(shape(rows)).toEqual(["top 5", "  task 週次 [head +3]", "  task 単発"]);
    const head = rows[1];
    expect(head?.kind === "task" && head.task.id).toBe(next.id);
    expect(head?.kind === "task" && head.series).toMatchObject({ rule, nextDate: "2026-12-07", others: 3 });

    const open = buildTaskRows({ ...sources, expandedSeries: new Set(["s"]) });
    expect(shape(open)).toEqual([
      "top 5",
      "  task 週次 [head +3]",
      "    task 週次 [member +3]",
      "    task 週次 [member +3]",
      "    task 週次 [member +3]",
      "  task 単発",
    ]);
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
