import type { Task } from "@tasuki/contract/task/task.schema";
import { toTokyo } from "../../../lib/date.ts";
import { fromDateTimeParts, toDateTimeParts } from "../detail/task-detail-rules.ts";

/** Days from one Tokyo date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A Tokyo date moved by whole days. */
export function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An instant moved by whole Tokyo days, keeping its time of day, as PATCH takes it: a bare date when the time is
 * the day's default (a deadline's 23:59:59, a start's 00:00), else the Tokyo instant.
 */
export function shiftInstant(instant: string, days: number, kind: "start" | "deadline"): string {
  const parts = toDateTimeParts(instant, kind);
  return fromDateTimeParts({ date: addDaysTo(parts.date, days), time: parts.time })!;
}

/** The instant PATCH would store for such an input, to show a move before the server answers. */
export function storedInstant(input: string, kind: "start" | "deadline"): string {
  if (input.length > 10) return new Date(input).toISOString();
  return toTokyo(`${input}`)
    .add(kind === "deadline" ? 86_399 : 0, "second")
    .toISOString();
}

export type DatePatch = { starts_at?: string; expires_at?: string };

/**
 * The patch of a deadline dropped on another day (the calendar): the deadline keeps its time; a start that would
 * fall after the new deadline moves by the same days, since the server refuses a deadline before the start.
 */
export function moveDeadlinePatch(task: Pick<Task, "starts_at" | "expires_at">, toDate: string): DatePatch | null {
  if (!task.expires_at) return null;
  const from = toTokyo(task.expires_at).format("YYYY-MM-DD");
  const days = daysBetween(from, toDate);
  if (days === 0) return null;
  const patch: DatePatch = { expires_at: shiftInstant(task.expires_at, days, "deadline") };
  if (task.starts_at && toTokyo(task.starts_at).format("YYYY-MM-DD") > toDate) {
    patch.starts_at = shiftInstant(task.starts_at, days, "start");
  }
  return patch;
}

/**
 * The patch of a gantt bar moved (both ends by `days`) or stretched at one end. A task drawn from its deadline
 * alone (no start) gets a start on the day its bar began when stretched at the start. An end is never moved past
 * the other: a stretch stops at a one-day bar.
 */
export function ganttPatch(
  task: Pick<Task, "starts_at" | "expires_at">,
  bar: { start: string; end: string },
  mode: "move" | "start" | "end",
  days: number,
): DatePatch | null {
  if (days === 0) return null;
  if (mode === "move") {
    const patch: DatePatch = {};
    if (task.expires_at) patch.expires_at = shiftInstant(task.expires_at, days, "deadline");
    if (task.starts_at) patch.starts_at = shiftInstant(task.starts_at, days, "start");
    return patch.expires_at || patch.starts_at ? patch : null;
  }
  if (mode === "start") {
    const next = addDaysTo(bar.start, Math.min(days, daysBetween(bar.start, bar.end)));
    if (next === bar.start) return null;
    return { starts_at: task.starts_at ? shiftInstant(task.starts_at, daysBetween(bar.start, next), "start") : next };
  }
  const next = addDaysTo(bar.end, Math.max(days, -daysBetween(bar.start, bar.end)));
  if (next === bar.end) return null;
  return {
    expires_at: task.expires_at ? shiftInstant(task.expires_at, daysBetween(bar.end, next), "deadline") : next,
  };
}
