import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { CalendarDate } from "./calendar-date.ts";
import { addDays } from "./calendar-date.ts";

/** DOMAIN.md: a deadline given as a date means 23:59:59 Asia/Tokyo of that day. */
export const END_OF_DAY = "23:59:59";
/** Japan has kept +09:00 all year since 1952, so the offset is a constant rather than a zone lookup. */
const TOKYO_OFFSET = "+09:00";

export interface OccurrenceInstants {
  /** The deadline: the occurrence date at the rule's time (default 23:59:59), with the +09:00 offset. */
  expires_at: string;
  /** expires_at − duration_days whole days (same wall-clock time); equal to expires_at for 0 days. */
  starts_at: string;
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

export function deadlineFor(
  date: CalendarDate,
  rule: Pick<RecurrenceRule, "time_of_day" | "duration_days">,
): OccurrenceInstants {
  const time = withSeconds(rule.time_of_day ?? END_OF_DAY);
  return {
    expires_at: `${date}T${time}${TOKYO_OFFSET}`,
    starts_at: `${addDays(date, -rule.duration_days)}T${time}${TOKYO_OFFSET}`,
  };
}
