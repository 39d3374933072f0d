import { addDays, type CalendarDate, END_OF_DAY_TIME, tokyoIso } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";

export interface OccurrenceInstants {
  /** The deadline: the occurrence date at the rule's time (default 23:59:59), with the +09:00 offset. */
  expires_at: string;
  /** expires_at − duration_days whole days (same wall-clock time); equal to expires_at for 0 days. */
  starts_at: string;
}

export function deadlineFor(
  date: CalendarDate,
  rule: Pick<RecurrenceRule, "time_of_day" | "duration_days">,
): OccurrenceInstants {
  // DOMAIN.md: without a time of day the deadline is 23:59:59 in Tokyo of that day.
  const time = rule.time_of_day ?? END_OF_DAY_TIME;
  return { expires_at: tokyoIso(date, time), starts_at: tokyoIso(addDays(date, -rule.duration_days), time) };
}
