import { addDays, type CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { HolidayCalendar } from "../../../lib/holiday-calendar.ts";
import { occurrences } from "./occurrences.ts";

export interface ExistingOccurrence<Id = string> {
  /**
   * The occurrence date the row was generated for (its key), not its possibly edited deadline.
   * A soft-deleted row is passed as touched, so that an occurrence someone deleted is not made again.
   */
  date: CalendarDate;
  /** Edited by a person (status, deadline, assignee, content…) or deleted: never changed by the generator. */
  touched: boolean;
  id: Id;
}

export type KeepReason = "past" | "touched" | "fits";

export interface RegenerationPlan<Id = string> {
  /** Untouched, not past, rows the new rule no longer produces (or duplicates of a date already held). */
  delete: Id[];
  /** Dates in [today, today + horizonDays] the rule produces and no row holds yet, ascending. */
  create: CalendarDate[];
  keep: { id: Id; date: CalendarDate; reason: KeepReason }[];
}

export interface RegenerationInput<Id = string> {
  /** The rule the rows were generated from; null on the first generation. Only informative. */
  oldRule: RecurrenceRule | null;
  /** The rule from now on; null when the task stops repeating (untouched future rows go). */
  newRule: RecurrenceRule | null;
  existing: readonly ExistingOccurrence<Id>[];
  /** Today in Asia/Tokyo: the clock is the caller's, so that the plan is reproducible in tests. */
  today: CalendarDate;
  /** How many days ahead occurrences are generated (the rolling horizon). */
  horizonDays: number;
  calendar: HolidayCalendar;
}

/**
 * What to do to the generated rows of a periodic task so that they match the rule up to the horizon.
 * Past rows (before today) and touched rows are never changed; untouched rows from today on are kept
 * when the rule still produces their date and deleted otherwise. The plan only depends on the new rule and
 * the rows, so planning again after applying it creates and deletes nothing (idempotent).
 */
export function planRegeneration<Id>(input: RegenerationInput<Id>): RegenerationPlan<Id> {
  const { newRule, existing, today, horizonDays, calendar } = input;
  const horizonEnd = addDays(today, Math.max(0, horizonDays));

  // Rows beyond the horizon (made under a longer horizon) are judged by the same rule, not deleted blindly.
  const lastExisting = existing.reduce<CalendarDate>((last, row) => (row.date > last ? row.date : last), horizonEnd);
  const wanted = new Set(
    newRule ? occurrences(newRule, { from: today, to: lastExisting, calendar, limit: Number.MAX_SAFE_INTEGER }) : [],
  );

  const plan: RegenerationPlan<Id> = { delete: [], create: [], keep: [] };
  const held = new Set<CalendarDate>();

  // Touched and past rows first: they hold their date, so an untouched twin of the same date is the one to go.
  for (const row of existing) {
    if (row.date < today) {
      plan.keep.push({ id: row.id, date: row.date, reason: "past" });
      held.add(row.date);
    } else if (row.touched) {
      plan.keep.push({ id: row.id, date: row.date, reason: "touched" });
      held.add(row.date);
    }
  }
  for (const row of existing) {
    if (row.date < today || row.touched) continue;
    if (wanted.has(row.date) && !held.has(row.date)) {
      plan.keep.push({ id: row.id, date: row.date, reason: "fits" });
      held.add(row.date);
    } else {
      plan.delete.push(row.id);
    }
  }
  for (const date of wanted) {
    if (date <= horizonEnd && !held.has(date)) plan.create.push(date);
  }
  plan.create.sort();
  return plan;
}
