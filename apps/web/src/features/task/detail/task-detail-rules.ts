import {
  allowedStatusTargets as allowedStatusTargetsRule,
  canEditTask as canEditTaskRule,
  type TaskActor,
} from "@tasuki/contract/rules/task-rules";
import { tokyoIso } from "@tasuki/contract/rules/tokyo-date";
import type { Task, TaskStatus } from "@tasuki/contract/task/task.schema";
import { toTokyo } from "../../../lib/date.ts";

/** Who looks at the task: their staff id in the workspace and whether they hold view_all_tasks. */
export type TaskViewer = TaskActor;

type TaskParties = Pick<Task, "created_by" | "assignee" | "manager" | "status">;

/** The task's people as the contract's rules name them. */
const partiesOf = (task: TaskParties) => ({
  createdBy: task.created_by,
  assigneeId: task.assignee?.id ?? null,
  managerId: task.manager?.id ?? null,
  status: task.status,
});

/** The server's rule (the contract's task-rules): the creator, assignee, manager, or view_all_tasks edits a task. */
export function canEditTask(task: TaskParties, viewer: TaskViewer): boolean {
  return canEditTaskRule(partiesOf(task), viewer);
}

/**
 * The statuses the viewer may move the task to, by the status machine the server enforces (the contract's
 * task-rules): the assignee moves between 未着手・進行中・完了, the manager or view_all_tasks closes and reopens.
 */
export function allowedStatusTargets(task: TaskParties, viewer: TaskViewer): TaskStatus[] {
  return allowedStatusTargetsRule(partiesOf(task), viewer);
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
