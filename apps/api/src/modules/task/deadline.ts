import { tokyoDayNumber } from "@tasuki/contract/rules/tokyo-date";
import type { DeadlineCategory, TaskStatus } from "@tasuki/contract/task/task.schema";

/**
 * The row colour of a task against "now", in Asia/Tokyo: past the deadline, due today, within 3 days,
 * within 7 days. Done and closed tasks, and tasks without a deadline, have none.
 */
export function deadlineCategory(status: TaskStatus, expiresAt: Date | null, now: Date): DeadlineCategory | null {
  if (!expiresAt || status === "done" || status === "closed") return null;
  if (expiresAt.getTime() < now.getTime()) return "expiredDeadline";
  const days = tokyoDayNumber(expiresAt) - tokyoDayNumber(now);
  if (days === 0) return "nowDeadline";
  if (days <= 3) return "nearDeadline";
  if (days <= 7) return "weekDeadline";
  return null;
}
