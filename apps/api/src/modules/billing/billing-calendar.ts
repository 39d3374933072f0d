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

/** 2026年11月25日 */
export function tokyoDateLabel(at: Date | string): string {
  const [y, m, d] = (typeof at === "string" ? at : tokyoDate(at)).split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

/** Bank transfer: due at the end of the month after the invoice's (月末締め翌月末払い). */
export function endOfNextMonthTokyo(at: Date): string {
  const local = new Date(at.getTime() + TOKYO_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
}

/** The instant a Tokyo date ends (its 23:59:59.999): an invoice due that day is past due after it. */
export function endOfTokyoDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOKYO_OFFSET_MS + DAY_MS - 1);
}

/** Whole days from `from` to `to`, rounded up (a started day counts: proration charges it). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}
