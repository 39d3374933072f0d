import type { PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import { describe, expect, it } from "vitest";
import { ganttRows, progressPoint, taskSpan } from "./gantt-model.ts";
import { testTask } from "./test-task.ts";

const item = (id: string, name: string, position: number) =>
  ({ id, name, position }) as unknown as PrimaryItem & SecondaryItem;

describe("taskSpan", () => {
  it("runs from the start's Tokyo date to the deadline's; one end alone is a one-day bar", () => {
    expect(taskSpan({ starts_at: "2026-11-30T15:00:00.000Z", expires_at: "2026-12-07T14:59:59.000Z" })).toEqual({
      start: "2026-12-01",
      end: "2026-12-07",
    });
    expect(taskSpan({ starts_at: null, expires_at: "2026-12-07T14:59:59.000Z" })).toEqual({
      start: "2026-12-07",
      end: "2026-12-07",
    });
    expect(taskSpan({ starts_at: null, expires_at: null })).toBeNull();
  });
});

describe("ganttRows", () => {
  it("orders loose tasks, then each 大項目 with its tasks and 中項目, with summary bars", () => {
    const loose = testTask({ title: "単独" });
    const inPrimary = testTask({ primary_item_id: "p1", expires_at: "2026-12-10T14:59:59.000Z" });
    const inSecondary = testTask({
      primary_item_id: "p1",
      secondary_item_id: "s1",
      starts_at: "2026-11-30T15:00:00.000Z",
      expires_at: "2026-12-03T14:59:59.000Z",
    });
    const orphan = testTask({ primary_item_id: "gone" });
    const rows = ganttRows(
      [inSecondary, inPrimary, loose, orphan],
      [item("p1", "設計", 1)],
      new Map([["p1", [item("s1", "画面", 1)]]]),
    );
    expect(rows.map((r) => [r.kind, r.depth, r.id])).toEqual([
      ["task", 0, loose.id],
      ["task", 0, orphan.id],
      ["primary", 0, "p1"],
      ["task", 1, inPrimary.id],
      ["secondary", 1, "s1"],
      ["task", 2, inSecondary.id],
    ]);
    expect(rows[2]!.span).toEqual({ start: "2026-12-01", end: "2026-12-10" });
    expect(rows[4]!.span).toEqual({ start: "2026-12-01", end: "2026-12-03" });
  });
});

describe("progressPoint", () => {
  const row = (status: "none" | "in_progress" | "done", start: string, end: string) => ({
    kind: "task" as const,
    id: "t",
    name: "t",
    depth: 0,
    span: { start, end },
    task: testTask({ status }),
  });
  const chart = "2026-12-01";
  const today = "2026-12-05"; // day 4, its middle at 4.5

  it("bends left for late work and right for work ahead", () => {
    expect(progressPoint(row("none", "2026-12-02", "2026-12-09"), chart, today)).toBe(1);
    expect(progressPoint(row("in_progress", "2026-12-05", "2026-12-14"), chart, today)).toBe(9);
    expect(progressPoint(row("in_progress", "2026-12-06", "2026-12-14"), chart, today)).toBe(4.5);
  });

  it("stays on today for finished work, work not due to start, and items", () => {
    expect(progressPoint(row("done", "2026-12-01", "2026-12-02"), chart, today)).toBe(4.5);
    expect(progressPoint(row("none", "2026-12-08", "2026-12-09"), chart, today)).toBe(4.5);
    expect(progressPoint({ kind: "primary", id: "p", name: "p", depth: 0, span: null }, chart, today)).toBe(4.5);
  });
});
