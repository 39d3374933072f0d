import holidayJp from "@holiday-jp/holiday_jp";
import { toTokyo } from "./date.ts";

/** The calendar's pure parts: periods in Tokyo dates, days of a grid, public holidays. */

export type CalendarView = "list" | "week" | "month";

const iso = (d: ReturnType<typeof toTokyo>) => d.format("YYYY-MM-DD");

/** The Tokyo date range (inclusive) a view shows around a date: the week from Monday, or the month's weeks. */
export function periodOf(view: CalendarView, date: string): { from: string; to: string } {
  const day = toTokyo(date);
  if (view === "week" || view === "list") {
    const monday = day.subtract((day.day() + 6) % 7, "day");
    return { from: iso(monday), to: iso(monday.add(view === "list" ? 13 : 6, "day")) };
  }
  const first = day.startOf("month");
  const start = first.subtract((first.day() + 6) % 7, "day");
  const last = day.endOf("month");
  const end = last.add((7 - last.day()) % 7, "day");
  return { from: iso(start), to: iso(end) };
}

/** The date a step forward or back lands on. */
export function stepDate(view: CalendarView, date: string, direction: 1 | -1): string {
  const day = toTokyo(date);
  return iso(
    view === "month"
      ? day.add(direction, "month").startOf("month")
      : day.add(direction * (view === "list" ? 14 : 7), "day"),
  );
}

/** Every date of a range, in order. */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let d = toTokyo(range.from); iso(d) <= range.to; d = d.add(1, "day")) days.push(iso(d));
  return days;
}

const holidayNames = new Map<string, string>(Object.values(holidayJp.holidays).map((h) => [h.date, h.name]));

/** The public holiday's name (祝日), or null. */
export const holidayName = (date: string): string | null => holidayNames.get(date) ?? null;

/** A weekend, a public holiday or one of the workspace's own closed days (休業日). */
export function isDayOff(date: string, closedDays: ReadonlyMap<string, string>): boolean {
  const weekday = toTokyo(date).day();
  return weekday === 0 || weekday === 6 || holidayName(date) !== null || closedDays.has(date);
}

/**
 * The working day a new meeting is proposed on: the first one after `today` (a meeting made on Friday afternoon
 * is proposed for Monday, or Tuesday after a 振替休日, not for Saturday). Falls back to tomorrow when two months
 * are all closed, which only a mistaken calendar does.
 */
export function nextWorkingDay(today: string, closedDays: ReadonlyMap<string, string>): string {
  for (let day = toTokyo(today).add(1, "day"), n = 0; n < 62; day = day.add(1, "day"), n += 1) {
    if (!isDayOff(iso(day), closedDays)) return iso(day);
  }
  return iso(toTokyo(today).add(1, "day"));
}

/** The Tokyo date of an instant. */
export const tokyoDateOf = (instant: string): string => iso(toTokyo(instant));

/** "10:00–11:00" in Tokyo. */
export function timeRange(startsAt: string, endsAt: string): string {
  return `${toTokyo(startsAt).format("HH:mm")}–${toTokyo(endsAt).format("HH:mm")}`;
}
