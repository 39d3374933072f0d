import type { CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrencePreview, RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { HolidayCalendar } from "../../../lib/holiday-calendar.ts";
import { deadlineFor } from "./deadline.ts";
import { describeRule } from "./describe-rule.ts";
import { previewOccurrences } from "./occurrences.ts";

/** What the rule editor shows before saving: the rule in words and the next `n` deadlines after `afterDate`. */
export function previewRule(
  rule: RecurrenceRule,
  afterDate: CalendarDate,
  n: number,
  calendar: HolidayCalendar,
): RecurrencePreview {
  return {
    description: describeRule(rule),
    occurrences: previewOccurrences(rule, afterDate, n, calendar).map((occurrence) => ({
      ...occurrence,
      ...deadlineFor(occurrence.date, rule),
    })),
  };
}
