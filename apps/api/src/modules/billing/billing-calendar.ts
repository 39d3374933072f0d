import { addDays, type CalendarDate, toDayNumber, weekdayOf } from "../task/recurrence/calendar-date.ts";
import { holidayJpCalendar } from "../task/recurrence/holiday-calendar.ts";

/** Billing periods and due dates, on Japan's calendar (UTC+9 all year: Japan has no daylight saving time). */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The same Tokyo wall-clock time `months` later; the 31st of a shorter month becomes its last day. */
export function addMonthsTokyo(at: Date, months: number): Date {
  const local = new Date(at.getTime() + TOKYO_OFFSET_MS);
  const day = local.getUTCDate();
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return new Date(target.getTime() - TOKYO_OFFSET_MS);
}

export function periodEnd(start: Date, cycle: "monthly" | "yearly"): Date {
  return addMonthsTokyo(start, cycle === "yearly" ? 12 : 1);
}

/** YYYY-MM-DD of an instant in Tokyo. */
export function tokyoDate(at: Date): string {
  return new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * 2026年11月25日, from a Tokyo date (YYYY-MM-DD) or an instant (a Date or an ISO string with its time, read in
 * Tokyo). Invoices hold both kinds: the due date is a date, the issue and period bounds are instants; splitting
 * an instant's string as if it were a date printed 「2026年11月NaN日」. Anything else is refused, never printed.
 */
export function tokyoDateLabel(at: Date | string): string {
  const instant = typeof at === "string" ? (INSTANT.test(at) ? new Date(at) : null) : at;
  const date = instant ? tokyoDate(instant) : String(at);
  if (!DATE_ONLY.test(date)) throw new RangeError(`not a date or an instant: ${String(at)}`);
  const [y, m, d] = date.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

/**
 * The last day of a period that ends at `end` (exclusive): the Tokyo day before the end's day, so consecutive
 * periods never share a printed day (12/2 10:00 → 1/2 10:00 is 「12月2日〜1月1日」, the next starts 1月2日).
 */
export function periodLastDay(end: Date | string): CalendarDate {
  return addDays(tokyoDate(new Date(end)), -1);
}

/** Banks close on 土日, 祝日 and 12/31–1/3 (銀行法施行令第5条). */
export function isBankHoliday(date: CalendarDate): boolean {
  const weekday = weekdayOf(toDayNumber(date));
  const monthDay = date.slice(5);
  return (
    weekday === 0 ||
    weekday === 6 ||
    holidayJpCalendar.isHoliday(date) ||
    ["12-31", "01-01", "01-02", "01-03"].includes(monthDay)
  );
}

/**
 * A transfer due on a bank holiday is due on the next business day of the banks (翌営業日; decision 0017): the
 * rule of 民法第142条 where nothing else is agreed, and never earlier than the customer was told.
 */
export function bankBusinessDayFrom(date: CalendarDate): CalendarDate {
  let day = date;
  while (isBankHoliday(day)) day = addDays(day, 1);
  return day;
}

/** Bank transfer: due at the end of the month after the invoice's (月末締め翌月末払い), on a bank business day. */
export function transferDueDate(issuedAt: Date): CalendarDate {
  const local = new Date(issuedAt.getTime() + TOKYO_OFFSET_MS);
  const endOfNextMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 2, 0))
    .toISOString()
    .slice(0, 10);
  return bankBusinessDayFrom(endOfNextMonth);
}

/** The instant a Tokyo date ends (its 23:59:59.999): an invoice due that day is past due after it. */
export function endOfTokyoDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOKYO_OFFSET_MS + DAY_MS - 1);
}

/** Whole days from `from` to `to`, rounded up (a started day counts: proration charges it). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}
