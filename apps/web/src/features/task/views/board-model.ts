import type { Task, TaskStatus } from "@tasuki/contract/task/task.schema";
import { STATUS_ORDER } from "../../../lib/task-labels.ts";
import type { BoardLane } from "./task-view-search.ts";

export interface BoardLaneData {
  /** The assignee's or project's id; "" for the lane of tasks without one (and for the board without lanes). */
  key: string;
  label: string;
  cells: Record<TaskStatus, Task[]>;
  count: number;
}

const emptyCells = (): Record<TaskStatus, Task[]> => ({ none: [], in_progress: [], done: [], closed: [] });

/** Manual order (the list's 並び順): by position, ties by id so every browser shows the same board. */
export const byPosition = (a: Task, b: Task) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The board: one lane (or one per assignee or project, named ones first by name, the lane of tasks without one
 * last), each with a column per status in manual order.
 */
export function boardLanes(
  tasks: readonly Task[],
  lane: BoardLane,
  projectNames: ReadonlyMap<string, string>,
): BoardLaneData[] {
  const lanes = new Map<string, BoardLaneData>();
  const laneOf = (task: Task): { key: string; label: string } => {
    if (lane === "assignee") {
      return task.assignee
        ? { key: task.assignee.id, label: `${task.assignee.last_name} ${task.assignee.first_name}`.trim() }
        : { key: "", label: "担当者なし" };
    }
    if (lane === "project") {
      return task.project_id
        ? { key: task.project_id, label: projectNames.get(task.project_id) ?? "（不明なプロジェクト）" }
        : { key: "", label: "プロジェクトなし" };
    }
    return { key: "", label: "" };
  };
  for (const task of tasks) {
    const { key, label } = laneOf(task);
    let data = lanes.get(key);
    if (!data) {
      data = { key, label, cells: emptyCells(), count: 0 };
      lanes.set(key, data);
    }
    data.cells[task.status].push(task);
    data.count += 1;
  }
  for (const data of lanes.values()) for (const status of STATUS_ORDER) data.cells[status].sort(byPosition);
  return [...lanes.values()].sort((a, b) => {
    if (a.key === "" || b.key === "") return a.key === "" ? 1 : -1;
    return a.label.localeCompare(b.label, "ja");
  });
}

/** The list a task's position belongs to on the server (task-order.service: project, meeting, 大項目, 中項目). */
export const parentKey = (task: Task) =>
  [task.project_id, task.meeting_id, task.primary_item_id, task.secondary_item_id].map((id) => id ?? "").join("/");

/**
 * The neighbours to send to PUT /app/task/{id}/position after a card was dropped at `index` of a column (the
 * column as it reads after the drop): the nearest cards before and after it that share its parent, since a
 * position only orders tasks of one parent. Null when no card of the same parent is in the column, because
 * then the drop says nothing the server can keep.
 */
export function positionNeighbours(
  column: readonly Task[],
  movedIndex: number,
): { prev_id: string | null; next_id: string | null } | null {
  const moved = column[movedIndex];
  if (!moved) return null;
  const parent = parentKey(moved);
  let prev: string | null = null;
  for (let i = movedIndex - 1; i >= 0; i -= 1) {
    if (parentKey(column[i]!) === parent) {
      prev = column[i]!.id;
      break;
    }
  }
  let next: string | null = null;
  for (let i = movedIndex + 1; i < column.length; i += 1) {
    if (parentKey(column[i]!) === parent) {
      next = column[i]!.id;
      break;
    }
  }
  return prev === null && next === null ? null : { prev_id: prev, next_id: next };
}
