import type { PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import type { Task } from "@tasuki/contract/task/task.schema";
import { byPosition } from "./board-model.ts";
import { daysBetween } from "./date-moves.ts";
import { tokyoDate } from "./task-view-parts.tsx";

/** A bar in Tokyo dates, both ends inclusive. */
export interface Span {
  start: string;
  end: string;
}

export interface GanttRow {
  kind: "primary" | "secondary" | "task";
  id: string;
  name: string;
  depth: number;
  /** A task's own dates; an item's from the earliest start to the latest end of the tasks under it. */
  span: Span | null;
  task?: Task;
}

/**
 * A task's bar: from its start to its deadline; a task with only one of the two is a one-day bar on that day,
 * a task with neither has none.
 */
export function taskSpan(task: Pick<Task, "starts_at" | "expires_at">): Span | null {
  const start = task.starts_at ? tokyoDate(task.starts_at) : null;
  const end = task.expires_at ? tokyoDate(task.expires_at) : null;
  if (!start && !end) return null;
  return { start: start ?? end!, end: end ?? start! };
}

function union(spans: (Span | null)[]): Span | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const span of spans) {
    if (!span) continue;
    if (start === null || span.start < start) start = span.start;
    if (end === null || span.end > end) end = span.end;
  }
  return start !== null && end !== null ? { start, end } : null;
}

/**
 * The rows of a project's chart in the order of its list: tasks outside any item first, then each 大項目 with
 * its own tasks and its 中項目 (each with its tasks). Items carry a summary bar over their tasks, since items
 * have no dates of their own. Tasks of an item the caller cannot read (or from the trash) fall back to the level
 * above rather than vanish.
 */
export function ganttRows(
  tasks: readonly Task[],
  primaries: readonly PrimaryItem[],
  secondaries: ReadonlyMap<string, readonly SecondaryItem[]>,
): GanttRow[] {
  const primaryIds = new Set(primaries.map((p) => p.id));
  const secondaryIds = new Set([...secondaries.values()].flat().map((s) => s.id));
  const byParent = new Map<string, Task[]>();
  for (const task of tasks) {
    const key =
      task.secondary_item_id && secondaryIds.has(task.secondary_item_id)
        ? task.secondary_item_id
        : task.primary_item_id && primaryIds.has(task.primary_item_id)
          ? task.primary_item_id
          : "";
    const list = byParent.get(key);
    if (list) list.push(task);
    else byParent.set(key, [task]);
  }
  const taskRows = (parent: string, depth: number): GanttRow[] =>
    (byParent.get(parent) ?? [])
      .sort(byPosition)
      .map((task) => ({ kind: "task", id: task.id, name: task.title, depth, span: taskSpan(task), task }));

  const rows: GanttRow[] = taskRows("", 0);
  for (const primary of [...primaries].sort((a, b) => a.position - b.position)) {
    const children: GanttRow[] = taskRows(primary.id, 1);
    for (const secondary of [...(secondaries.get(primary.id) ?? [])].sort((a, b) => a.position - b.position)) {
      const own = taskRows(secondary.id, 2);
      children.push(
        { kind: "secondary", id: secondary.id, name: secondary.name, depth: 1, span: union(own.map((r) => r.span)) },
        ...own,
      );
    }
    const span = union(children.filter((r) => r.kind === "task" || r.kind === "secondary").map((r) => r.span));
    rows.push({ kind: "primary", id: primary.id, name: primary.name, depth: 0, span }, ...children);
  }
  return rows;
}

/** How far a task is along (0–1) by its status: 未着手 none, 進行中 half, 完了 and クローズ all of it. */
export const statusProgress = (task: Pick<Task, "status">) =>
  task.status === "done" || task.status === "closed" ? 1 : task.status === "in_progress" ? 0.5 : 0;

/**
 * Where the progress line (イナヅマ線) crosses a row, in days from the chart's first day: the point of the bar
 * reached by its progress, when that is behind today (late) or ahead of it. A finished task, a task whose bar starts
 * after today (nothing is due yet, so nothing can be late or usefully ahead) and rows without a bar or of an item
 * sit on today's line.
 */
export function progressPoint(row: GanttRow, chartStart: string, today: string): number {
  const todayAt = daysBetween(chartStart, today) + 0.5;
  if (row.kind !== "task" || !row.span || !row.task || row.span.start > today) return todayAt;
  const progress = statusProgress(row.task);
  const startAt = daysBetween(chartStart, row.span.start);
  const length = daysBetween(row.span.start, row.span.end) + 1;
  const reached = startAt + progress * length;
  if (progress === 1 && reached <= todayAt) return todayAt;
  if (progress === 0 && reached >= todayAt) return todayAt;
  return reached;
}
