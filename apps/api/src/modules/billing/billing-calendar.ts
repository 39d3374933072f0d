import {
  addDays,
  addMonths,
  type CalendarDate,
  DAY_MS,
  endOfMonth,
  formatJapaneseDate,
  startOfTokyoDay,
  tokyoDate,
  tokyoTimeOfDay,
  weekdayOf,
} from "@tasuki/contract/rules/tokyo-date";
import { holidayJpCalendar } from "../../lib/holiday-calendar.ts";

// Billing periods and due dates, on Japan's calendar: the Tokyo dates themselves come from the contract's module.

/** The same Tokyo wall-clock time `months` later; the 31st of a shorter month becomes its last day. */
export function addMonthsTokyo(at: Date, months: number): Date {
  return new Date(startOfTokyoDay(addMonths(tokyoDate(at), months)).getTime() + tokyoTimeOfDay(at));
}

export function periodEnd(start: Date, cycle: "monthly" | "yearly"): Date {
  return addMonthsTokyo(start, cycle === "yearly" ? 12 : 1);
}

/**
 * 2026年11月25日, from a Tokyo date (YYYY-MM-DD) or an instant (its Tokyo day). Invoices hold both kinds: the due
 * date is a date, the issue and period bounds are instants. A document never prints a blank or 「NaN日」: what
 * is neither is refused.
 */
export function tokyoDateLabel(at: Date | string): string {
  const label = formatJapaneseDate(at);
  if (!label) throw new RangeError(`not a date or an instant: ${String(at)}`);
  return label;
}

/** Banks close on 土日, 祝日 and 12/31–1/3 (銀行法施行令第5条). */
export function isBankHoliday(date: CalendarDate): boolean {
  const weekday = weekdayOf(date);
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
  return bankBusinessDayFrom(endOfMonth(addMonths(`${tokyoDate(issuedAt).slice(0, 7)}-01`, 1)));
}

/** Whole days from `from` to `to`, rounded up (a started day counts: proration charges it). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}
