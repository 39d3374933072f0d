import type { DeadlineCategory, TaskStatus } from "@tasuki/contract/task/task.schema";

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since the epoch of the Asia/Tokyo calendar date of an instant (Japan keeps no summer time). */
const tokyoDay = (at: Date) => Math.floor((at.getTime() + TOKYO_OFFSET_MS) / DAY_MS);

/**
 * The row colour of a task against "now", in Asia/Tokyo: past the deadline, due today, within 3 days,
 * within 7 days. Done and closed tasks, and tasks without a deadline, have none.
 */
export function deadlineCategory(status: TaskStatus, expiresAt: Date | null, now: Date): DeadlineCategory | null {
  if (!expiresAt || status === "done" || status === "closed") return null;
  if (expiresAt.getTime() < now.getTime()) return "expiredDeadline";
  const days = tokyoDay(expiresAt) - tokyoDay(now);
  if (days === 0) return "nowDeadline";
  if (days <= 3) return "nearDeadline";
  if (days <= 7) return "weekDeadline";
  return null;
}

/**
 * An instant from the API's input: a date alone means the start of that day in Asia/Tokyo, or for a
 * deadline its end (23:59:59), as the product's date helper does.
 */
export function instantOf(value: string, endOfDay: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${endOfDay ? "23:59:59" : "00:00:00"}+09:00`);
  }
  return new Date(value);
}
