import { addDays, type CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { PeriodicPreview } from "@tasuki/contract/task/periodic-preview.contract";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { type HolidayCalendar, isBusinessDay } from "../../lib/holiday-calendar.ts";
import { occurrences } from "./recurrence/occurrences.ts";
import { previewRule } from "./recurrence/preview-rule.ts";

/** Days searched for a skipped date when nothing at all is left (e.g. yearly on 1月1日, skipping holidays). */
const EMPTY_SEARCH_DAYS = 366;

/**
 * The rule editor's preview from `from` (inclusive): previewRule's description and next `count` occurrences,
 * plus, for a rule that skips holidays, the dates it dropped on the way, which the occurrences alone cannot show.
 */
export function previewPeriodicRule(
  rule: RecurrenceRule,
  from: CalendarDate,
  count: number,
  calendar: HolidayCalendar,
): Omit<PeriodicPreview, "refusal"> {
  // previewRule lists dates strictly after its argument: the day before makes `from` itself included.
  const preview = previewRule(rule, addDays(from, -1), count, calendar);
  if (rule.holiday_handling !== "skip") return { ...preview, skipped: [] };
  const last = preview.occurrences.at(-1)?.date ?? addDays(from, EMPTY_SEARCH_DAYS);
  const kept = new Set(preview.occurrences.map((occurrence) => occurrence.date));
  // The raw series (no handling) over the same stretch: what it names that skip did not keep was dropped.
  const named = occurrences({ ...rule, holiday_handling: "none" }, { from, to: last, calendar });
  return {
    ...preview,
    skipped: named
      .filter((date) => !kept.has(date) && !isBusinessDay(date, calendar))
      .map((date) => ({ date, holiday: calendar.name(date) })),
  };
}
