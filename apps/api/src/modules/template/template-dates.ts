import { addDays, type CalendarDate, toDayNumber } from "@tasuki/contract/rules/tokyo-date";
import type { DayBasis } from "@tasuki/contract/template/template.schema";
import { badRequest } from "../../lib/app-error.ts";
import { isBusinessDay } from "../../lib/holiday-calendar.ts";
import type { WorkspaceCalendar } from "../calendar/workspace-calendar.ts";

/**
 * Calendar days far enough to hold any template (offsets and durations are bounded by TEMPLATE_LIMITS) plus
 * a long run of closed days; a workspace closed for longer than this has no business day to count on.
 */
export const CALENDAR_SPAN_DAYS = 2200;

const noBusinessDay = () =>
  badRequest(
    "no_business_day",
    "開始日から先に営業日がありません。休業日の設定を確認してください。",
    "no business day within the calendar span from start_date",
  );

/**
 * Counts days from a start date the way a template says. Day 0 is the start date itself, or with business days
 * the first business day on or after it; `startOf(n)` is the day n days (of the basis) after day 0, and
 * `dueOf(start, d)` the last day of a task lasting d days from `start` (d = 1: the same day).
 */
export interface DayCounter {
  firstDay: CalendarDate;
  startOf(offset: number): CalendarDate;
  dueOf(start: CalendarDate, durationDays: number): CalendarDate;
  /** How many days of the basis lie from day 0 up to `date` (the inverse of startOf; save-as-template). */
  offsetOf(date: CalendarDate): number;
}

export function dayCounter(startDate: CalendarDate, basis: DayBasis, calendar: WorkspaceCalendar): DayCounter {
  if (basis === "calendar") {
    return {
      firstDay: startDate,
      startOf: (offset) => addDays(startDate, offset),
      dueOf: (start, duration) => addDays(start, duration - 1),
      offsetOf: (date) => Math.max(0, toDayNumber(date) - toDayNumber(startDate)),
    };
  }
  // The business days from the start date on, found once and extended as far as a call needs.
  const days: CalendarDate[] = [];
  const index = new Map<CalendarDate, number>();
  let cursor = startDate;
  let scanned = 0;
  const extendTo = (count: number) => {
    while (days.length <= count) {
      if (scanned++ > CALENDAR_SPAN_DAYS) throw noBusinessDay();
      if (isBusinessDay(cursor, calendar)) {
        index.set(cursor, days.length);
        days.push(cursor);
      }
      cursor = addDays(cursor, 1);
    }
  };
  const nth = (n: number) => {
    extendTo(n);
    return days[n]!;
  };
  const firstDay = nth(0);
  return {
    firstDay,
    startOf: nth,
    dueOf: (start, duration) => {
      const at = index.get(start);
      return nth((at ?? 0) + duration - 1);
    },
    offsetOf: (date) => {
      // Business days strictly before `date` from day 0: a day off counts as the next business day.
      let n = 0;
      while (nth(n) < date) n++;
      return n;
    },
  };
}

export interface DayOff {
  date: CalendarDate;
  kind: "weekend" | "holiday" | "closed";
  name: string | null;
}

/** Every day of [from, to] that is not a business day, named, so a preview can mark it. */
export function daysOff(from: CalendarDate, to: CalendarDate, calendar: WorkspaceCalendar): DayOff[] {
  const off: DayOff[] = [];
  for (let date = from, n = 0; date <= to && n <= CALENDAR_SPAN_DAYS; date = addDays(date, 1), n++) {
    if (isBusinessDay(date, calendar)) continue;
    const holiday = calendar.publicHolidayName(date);
    const closed = calendar.closedName(date);
    if (holiday) off.push({ date, kind: "holiday", name: holiday });
    else if (closed) off.push({ date, kind: "closed", name: closed });
    else off.push({ date, kind: "weekend", name: null });
  }
  return off;
}
