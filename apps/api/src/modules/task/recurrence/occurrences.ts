import {
  type CalendarDate,
  dayNumberOf,
  daysInMonth,
  fromDayNumber,
  mondayOfDayNumber,
  partsOfDayNumber,
  toDayNumber,
  weekdayOfDayNumber,
} from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { HolidayCalendar } from "../../../lib/holiday-calendar.ts";
import { isBusinessDay } from "../../../lib/holiday-calendar.ts";

/**
 * How far a holiday move may look for a business day. The longest closures seen in Japan (Golden Week
 * with bridging days, 年末年始 12/29–1/3 with weekends on both sides) are under two weeks; a calendar
 * closed for longer than this drops the occurrence instead of looping.
 */
export const MAX_HOLIDAY_SHIFT_DAYS = 31;

/** Nothing is generated after the end of 全期間. */
export const LAST_DATE: CalendarDate = "2200-12-31";
const LAST_DAY = toDayNumber(LAST_DATE);

/** Beyond this a caller asking for a window gets a truncated answer rather than a huge array. */
export const DEFAULT_OCCURRENCE_LIMIT = 1000;

/** Weeks begin on Monday: "every 2 weeks on 月・日" means a Monday and the Sunday that closes that week. */
const mondayOf = mondayOfDayNumber;
const mondayFirst = (weekday: number) => (weekday + 6) % 7;

function monthlyDay(rule: Extract<RecurrenceRule, { frequency: "monthly" }>, year: number, month: number): number {
  const last = daysInMonth(year, month);
  if (rule.nth_weekday === null) return dayNumberOf(year, month, Math.min(rule.day_of_month ?? 1, last));
  const { n, weekday } = rule.nth_weekday;
  if (n === -1) {
    const lastDay = dayNumberOf(year, month, last);
    return lastDay - ((weekdayOfDayNumber(lastDay) - weekday + 7) % 7);
  }
  const first = dayNumberOf(year, month, 1);
  return first + ((weekday - weekdayOfDayNumber(first) + 7) % 7) + (n - 1) * 7;
}

/**
 * The raw series: the dates the rule names before any holiday handling, ascending, from the first period
 * that can reach `fromDay` (or from the start when the end is a count, which is counted on this series).
 */
function* rawSeries(rule: RecurrenceRule, fromDay: number): Generator<number> {
  const startDay = toDayNumber(rule.start_date);
  const start = partsOfDayNumber(startDay);
  const interval = rule.interval;
  // A count is counted from the first occurrence, so a counted series is always walked from its start.
  const skipTo = rule.end.type === "count" ? startDay : Math.max(startDay, fromDay);
  const untilDay = rule.end.type === "until" ? toDayNumber(rule.end.until) : LAST_DAY;
  const lastDay = Math.min(untilDay, LAST_DAY);
  let remaining = rule.end.type === "count" ? rule.end.count : Number.POSITIVE_INFINITY;

  const emit = function* (day: number): Generator<number, boolean> {
    if (day < skipTo) return true;
    if (day > lastDay) return false;
    yield day;
    remaining--;
    return remaining > 0;
  };

  switch (rule.frequency) {
    case "daily": {
      let k = Math.max(0, Math.floor((skipTo - startDay) / interval));
      while (yield* emit(startDay + k * interval)) k++;
      return;
    }
    case "weekly": {
      const firstMonday = mondayOf(startDay);
      const offsets = [...rule.weekdays].map(mondayFirst).sort((a, b) => a - b);
      let k = Math.max(0, Math.floor((mondayOf(skipTo) - firstMonday) / 7 / interval));
      for (;;) {
        const monday = firstMonday + k * interval * 7;
        if (monday > lastDay) return;
        for (const offset of offsets) {
          if (!(yield* emit(monday + offset))) return;
        }
        k++;
      }
    }
    case "monthly": {
      const target = partsOfDayNumber(skipTo);
      const startIndex = start.year * 12 + (start.month - 1);
      let k = Math.max(0, Math.floor((target.year * 12 + target.month - 1 - startIndex) / interval));
      for (;;) {
        const index = startIndex + k * interval;
        const year = Math.floor(index / 12);
        const month = (index % 12) + 1;
        if (dayNumberOf(year, month, 1) > lastDay) return;
        if (!(yield* emit(monthlyDay(rule, year, month)))) return;
        k++;
      }
    }
    case "yearly": {
      let k = Math.max(0, Math.floor((partsOfDayNumber(skipTo).year - start.year) / interval));
      for (;;) {
        const year = start.year + k * interval;
        // 2月29日 falls on 2月28日 in common years rather than vanishing or spilling into March.
        const day = Math.min(rule.day, daysInMonth(year, rule.month));
        if (dayNumberOf(year, 1, 1) > lastDay) return;
        if (!(yield* emit(dayNumberOf(year, rule.month, day)))) return;
        k++;
      }
    }
  }
}

/** Where a raw date lands after holiday handling, or null when it is dropped. */
function handleHoliday(day: number, rule: RecurrenceRule, calendar: HolidayCalendar): number | null {
  const handling = rule.holiday_handling;
  if (handling === "none") return day;
  if (isBusinessDay(fromDayNumber(day), calendar)) return day;
  if (handling === "skip") return null;
  const step = handling === "next_business_day" ? 1 : -1;
  for (let shift = 1; shift <= MAX_HOLIDAY_SHIFT_DAYS; shift++) {
    const candidate = day + step * shift;
    if (isBusinessDay(fromDayNumber(candidate), calendar)) return candidate;
  }
  return null;
}

/**
 * The series after holiday handling, ascending and without repeats, from `fromDay` on.
 * Every raw date moves in the same direction to the nearest business day, so the moved series stays in
 * order: a moved occurrence can reach its neighbour's day (then the two are one occurrence) but never
 * pass it.
 */
function* handledSeries(
  rule: RecurrenceRule,
  fromDay: number,
  toDay: number,
  calendar: HolidayCalendar,
): Generator<{ day: number; raw: number }> {
  // A raw date up to MAX_HOLIDAY_SHIFT_DAYS outside the window may move into it.
  const margin = rule.holiday_handling === "none" || rule.holiday_handling === "skip" ? 0 : MAX_HOLIDAY_SHIFT_DAYS;
  let previous = Number.NEGATIVE_INFINITY;
  for (const raw of rawSeries(rule, fromDay - margin)) {
    if (raw > toDay + margin) return;
    const day = handleHoliday(raw, rule, calendar);
    if (day === null || day <= previous) continue;
    previous = day;
    if (day < fromDay) continue;
    if (day > toDay) return;
    yield { day, raw };
  }
}

export interface OccurrenceWindow {
  /** First date of the window (inclusive); defaults to the rule's start date. */
  from?: CalendarDate;
  /** Last date of the window (inclusive). */
  to: CalendarDate;
  calendar: HolidayCalendar;
  /** At most this many dates (default 1000). */
  limit?: number;
}

/** The occurrence dates of the rule within [from, to], ascending, after holiday handling. */
export function occurrences(rule: RecurrenceRule, window: OccurrenceWindow): CalendarDate[] {
  const fromDay = toDayNumber(window.from ?? rule.start_date);
  const toDay = Math.min(toDayNumber(window.to), LAST_DAY + MAX_HOLIDAY_SHIFT_DAYS);
  const limit = window.limit ?? DEFAULT_OCCURRENCE_LIMIT;
  const dates: CalendarDate[] = [];
  if (limit <= 0 || fromDay > toDay) return dates;
  for (const { day } of handledSeries(rule, fromDay, toDay, window.calendar)) {
    dates.push(fromDayNumber(day));
    if (dates.length >= limit) break;
  }
  return dates;
}

/** The next `n` occurrences strictly after `afterDate`: the 「次回以降の予定」 preview. */
export function nextOccurrences(
  rule: RecurrenceRule,
  afterDate: CalendarDate,
  n: number,
  calendar: HolidayCalendar,
): CalendarDate[] {
  const dates: CalendarDate[] = [];
  if (n <= 0) return dates;
  for (const { date } of previewOccurrences(rule, afterDate, n, calendar)) dates.push(date);
  return dates;
}

export interface PreviewOccurrence {
  date: CalendarDate;
  /** The date the rule names when holiday handling moved it, else null. */
  moved_from: CalendarDate | null;
  /** Why it moved: the holiday's name, or null for a Saturday or Sunday. */
  moved_from_holiday: string | null;
}

/** nextOccurrences with where each moved date came from, for 「5月4日（みどりの日）→ 5月7日」 in the preview. */
export function previewOccurrences(
  rule: RecurrenceRule,
  afterDate: CalendarDate,
  n: number,
  calendar: HolidayCalendar,
): PreviewOccurrence[] {
  const preview: PreviewOccurrence[] = [];
  if (n <= 0) return preview;
  const series = handledSeries(rule, toDayNumber(afterDate) + 1, LAST_DAY + MAX_HOLIDAY_SHIFT_DAYS, calendar);
  for (const { day, raw } of series) {
    const movedFrom = day === raw ? null : fromDayNumber(raw);
    preview.push({
      date: fromDayNumber(day),
      moved_from: movedFrom,
      moved_from_holiday: movedFrom === null ? null : calendar.name(movedFrom),
    });
    if (preview.length >= n) break;
  }
  return preview;
}
