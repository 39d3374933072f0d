// The sample company's calendar (会社カレンダー): the closed days it keeps besides weekends and public holidays, and
// the working days its deadlines, projects, periodic chores and meetings are put on, as a company would put them.
import { addDays, type CalendarDate, deadlineOfDate, startOfTokyoDay } from "@tasuki/contract/rules/tokyo-date";
import {
  type HolidayCalendar,
  holidayJpCalendar,
  isBusinessDay,
  withClosedDates,
  yearEndClosedDates,
} from "../apps/api/src/lib/holiday-calendar.ts";

/** 年末年始 (12/29–1/3) and お盆の夏季休業 (8/13–8/15) of the years around today, as its settings hold them. */
export function sampleClosedDays(today: CalendarDate): { date: CalendarDate; name: string }[] {
  const year = Number(today.slice(0, 4));
  const days = yearEndClosedDates(year - 1, year + 1).map((date) => ({ date, name: "年末年始休業" }));
  for (let y = year - 1; y <= year + 1; y++) {
    for (const day of ["13", "14", "15"]) days.push({ date: `${y}-08-${day}`, name: "夏季休業" });
  }
  // A public holiday among them (元日) is the holiday's day already; the company's list holds it all the same.
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/** Public holidays and the company's closed days: what the API's periodic generation reads for the workspace. */
export function sampleCalendar(closed: readonly { date: CalendarDate }[]): HolidayCalendar {
  return withClosedDates(
    holidayJpCalendar,
    closed.map((day) => day.date),
  );
}

/** The date itself when it is a working day, else the working day before it (前営業日), as a deadline is pulled in. */
export function workingDayOnOrBefore(date: CalendarDate, calendar: HolidayCalendar): CalendarDate {
  let day = date;
  while (!isBusinessDay(day, calendar)) day = addDays(day, -1);
  return day;
}

/** A deadline given as a date: 23:59:59 Tokyo of that day (DOMAIN.md), as the API stores one. */
export const dateDeadline = (date: CalendarDate) => deadlineOfDate(date);

/** 00:00 Tokyo of a date: a start given as a date. */
export const dateStart = (date: CalendarDate) => startOfTokyoDay(date);
