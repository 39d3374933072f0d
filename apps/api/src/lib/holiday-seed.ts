import holidayJp from "@holiday-jp/holiday_jp";
import type { HolidayRow } from "./holiday-calendar.ts";

/**
 * Rows for the public holiday table, taken from @holiday-jp/holiday_jp. The table (and the job that
 * upserts these rows on start) come with the holiday-table work; the rows are ready now so that the seed
 * and the in-memory calendar cannot disagree. Equinoxes and one-off laws cannot be computed, which is why
 * a maintained package is the source rather than a formula.
 */
export function holidaySeedRows(options: { fromYear?: number; toYear?: number } = {}): HolidayRow[] {
  const from = options.fromYear ?? 0;
  const to = options.toYear ?? 9999;
  return Object.values(holidayJp.holidays)
    .filter((holiday) => {
      const year = Number(holiday.date.slice(0, 4));
      return year >= from && year <= to;
    })
    .map((holiday) => ({ date: holiday.date, name: holiday.name }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The package version, recorded beside the seeded rows so an operator can tell which data is loaded. */
export const HOLIDAY_SEED_SOURCE = `@holiday-jp/holiday_jp@${holidayJp.VERSION}`;
