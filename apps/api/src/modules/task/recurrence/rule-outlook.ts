import { addMonths, type CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { HolidayCalendar } from "../../../lib/holiday-calendar.ts";
import { LAST_DATE, occurrences } from "./occurrences.ts";

/**
 * How far ahead a rule must produce something. Generation covers 60 days at a time, but a rule is judged on
 * what it could ever make: ten years holds every monthly and yearly pattern with skips, while a rule whose first
 * date is further away than that (every 20 years, say) is as good as none to a company.
 */
export const OUTLOOK_YEARS = 10;

export type RuleOutlook =
  /** The first date generated from today on. */
  | { kind: "occurs"; first: CalendarDate }
  /** The rule made dates before today and none from today on: its end is past. */
  | { kind: "ended" }
  /** The rule names dates, but every one is a day off that holiday handling skips. */
  | { kind: "all_days_off" }
  /** The rule names no date at all between today (or its start) and its end. */
  | { kind: "no_date" };

/**
 * Whether a rule will ever produce an occurrence, judged on the same calendar and the same occurrences as
 * generation. Weekly on 土 only while skipping days off, 元日 every year while skipping holidays, an end before
 * the first date or already past: each would be saved and then make nothing, without a word.
 */
export function ruleOutlook(rule: RecurrenceRule, today: CalendarDate, calendar: HolidayCalendar): RuleOutlook {
  const from = rule.start_date > today ? rule.start_date : today;
  const horizon = addMonths(from, OUTLOOK_YEARS * 12);
  const to = horizon < LAST_DATE ? horizon : LAST_DATE;
  const [first] = occurrences(rule, { from, to, calendar, limit: 1 });
  if (first) return { kind: "occurs", first };
  if (rule.start_date < today && occurrences(rule, { to: today, calendar, limit: 1 }).length > 0) {
    return { kind: "ended" };
  }
  const named = occurrences({ ...rule, holiday_handling: "none" }, { from, to, calendar, limit: 1 });
  return named.length > 0 ? { kind: "all_days_off" } : { kind: "no_date" };
}
