import { WEEKDAY_LABELS } from "../../lib/date.ts";
import { tokyoDay } from "../../lib/tokyo-date.ts";

/**
 * Calendar dates (YYYY-MM-DD, already Tokyo days) as the preview shows them. They are read as UTC midnight so that
 * no time zone of the browser can move them by a day.
 */
const parse = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function shortDay(iso: string): string {
  const date = parse(iso);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}(${WEEKDAY_LABELS[date.getUTCDay()]})`;
}

export function longDay(iso: string): string {
  const date = parse(iso);
  return `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日(${WEEKDAY_LABELS[date.getUTCDay()]})`;
}

export function todayInTokyo(now: Date = new Date()): string {
  return tokyoDay(now.toISOString())?.iso ?? now.toISOString().slice(0, 10);
}

export interface CalendarMonth {
  /** 2026年5月 */
  label: string;
  /** Weeks of seven cells, Sunday first; null outside the month. */
  weeks: (string | null)[][];
}

/** The months from `from` to `to` (at most `limit` of them), as weeks of ISO dates. */
export function calendarMonths(from: string, to: string, limit = 4): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  const start = parse(from);
  const end = parse(to);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  while (
    months.length < limit &&
    (year < end.getUTCFullYear() || (year === end.getUTCFullYear() && month <= end.getUTCMonth()))
  ) {
    const first = new Date(Date.UTC(year, month, 1));
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const cells: (string | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
    for (let day = 1; day <= days; day += 1) {
      cells.push(new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10));
    }
    while (cells.length % 7) cells.push(null);
    const weeks: (string | null)[][] = [];
    for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
    months.push({ label: `${year}年${month + 1}月`, weeks });
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return months;
}
