import holidayJp from "@holiday-jp/holiday_jp";
import { type CalendarDate, weekdayOf } from "@tasuki/contract/rules/tokyo-date";

/**
 * Where the recurrence functions learn which days are holidays. The package's data feeds it today; the
 * holiday table (seeded from the same data, see holiday-seed.ts) will feed it later through
 * `createHolidayCalendar(rows)`, so the functions never know where the dates come from.
 */
export interface HolidayCalendar {
  isHoliday(date: CalendarDate): boolean;
  /** The holiday's Japanese name, or null on an ordinary day. */
  name(date: CalendarDate): string | null;
}

export interface HolidayRow {
  date: CalendarDate;
  name: string;
}

export function createHolidayCalendar(rows: Iterable<HolidayRow>): HolidayCalendar {
  const names = new Map<CalendarDate, string>();
  for (const row of rows) names.set(row.date, row.name);
  return {
    isHoliday: (date) => names.has(date),
    name: (date) => names.get(date) ?? null,
  };
}

/** Japanese public holidays (国民の祝日, 振替休日, 国民の休日) shipped by @holiday-jp/holiday_jp (1970–2050). */
export const holidayJpCalendar: HolidayCalendar = createHolidayCalendar(
  Object.values(holidayJp.holidays).map((holiday) => ({ date: holiday.date, name: holiday.name })),
);

export const CLOSED_DAY_NAME = "休業日";

/**
 * A workspace's own closed days (e.g. 年末年始) on top of a calendar. A public holiday keeps its own name.
 */
export function withClosedDates(
  calendar: HolidayCalendar,
  closedDates: Iterable<CalendarDate>,
  closedName = CLOSED_DAY_NAME,
): HolidayCalendar {
  const closed = new Set(closedDates);
  if (closed.size === 0) return calendar;
  return {
    isHoliday: (date) => closed.has(date) || calendar.isHoliday(date),
    name: (date) => calendar.name(date) ?? (closed.has(date) ? closedName : null),
  };
}

/** 年末年始 as most Japanese companies close: 12/29 to 1/3, for the years [fromYear, toYear]. */
export function yearEndClosedDates(fromYear: number, toYear: number): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    dates.push(`${year}-01-01`, `${year}-01-02`, `${year}-01-03`, `${year}-12-29`, `${year}-12-30`, `${year}-12-31`);
  }
  return dates.sort();
}

/** Business days are Monday to Friday that are not holidays (public or the workspace's own). */
export function isBusinessDay(date: CalendarDate, calendar: HolidayCalendar): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !calendar.isHoliday(date);
}
