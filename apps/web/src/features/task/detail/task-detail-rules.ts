import { tokyoIso } from "@tasuki/contract/rules/tokyo-date";
import type { Task, TaskStatus } from "@tasuki/contract/task/task.schema";
import { toTokyo } from "../../../lib/date.ts";

/** Who looks at the task: their staff id in the workspace and whether they hold view_all_tasks. */
export interface TaskViewer {
  staffId: string | null;
  viewAllTasks: boolean;
}

type TaskParties = Pick<Task, "created_by" | "assignee" | "manager" | "status">;

/** The server's rule (requireTaskWriter): the creator, assignee, manager, or view_all_tasks edits a task. */
export function canEditTask(task: TaskParties, viewer: TaskViewer): boolean {
  if (viewer.viewAllTasks) return true;
  if (!viewer.staffId) return false;
  return [task.created_by, task.assignee?.id, task.manager?.id].includes(viewer.staffId);
}

/**
 * The statuses the viewer may move the task to (DOMAIN.md, checkStatusChange on the server): the assignee
 * (or, without one, its creator or manager) moves between 未着手・進行中・完了; the manager or view_all_tasks
 * closes a done task and reopens a closed one to 進行中. view_all_tasks may make the assignee's moves too.
 */
export function allowedStatusTargets(task: TaskParties, viewer: TaskViewer): TaskStatus[] {
  const me = viewer.staffId;
  const assigneeMoves =
    viewer.viewAllTasks ||
    (me !== null && (task.assignee ? task.assignee.id === me : [task.created_by, task.manager?.id].includes(me)));
  const managerMoves = viewer.viewAllTasks || (me !== null && task.manager?.id === me);
  switch (task.status) {
    case "none":
      return assigneeMoves ? ["in_progress", "done"] : [];
    case "in_progress":
      return assigneeMoves ? ["none", "done"] : [];
    case "done":
      return [
        ...(assigneeMoves ? (["none", "in_progress"] as const) : []),
        ...(managerMoves ? (["closed"] as const) : []),
      ];
    case "closed":
      return managerMoves ? ["in_progress"] : [];
  }
}

/** A date and an optional time as two inputs show them; the time is "" when it is the day's default. */
export interface DateTimeParts {
  date: string;
  time: string;
}

/**
 * Splits an instant into its Tokyo date and time. A deadline at 23:59:59 and a start at 00:00 are what a bare
 * date means (DOMAIN.md), so their time box stays empty.
 */
export function toDateTimeParts(instant: string | null, kind: "start" | "deadline"): DateTimeParts {
  if (!instant) return { date: "", time: "" };
  const tokyo = toTokyo(instant);
  const clock = tokyo.format("HH:mm:ss");
  const isDefault = kind === "deadline" ? clock === "23:59:59" : clock === "00:00:00";
  return { date: tokyo.format("YYYY-MM-DD"), time: isDefault ? "" : tokyo.format("HH:mm") };
}

/** What PATCH takes: null without a date, the bare date without a time, else the Tokyo instant. */
export function fromDateTimeParts(parts: DateTimeParts): string | null {
  if (!parts.date) return null;
  if (!parts.time) return parts.date;
  return tokyoIso(parts.date, parts.time);
}
