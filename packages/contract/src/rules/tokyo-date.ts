/**
 * The one place Tasuki turns instants into Tokyo calendar dates and back, for the API, the web app, the journeys
 * and the benches (ARCHITECTURE.md: rules both sides compute live in the contract). Eight copies of the offset
 * had grown before it; one of them read an ISO instant as a date and printed 「2026年11月NaN日」 on invoices.
 *
 * Japan has kept UTC+9 without summer time since 1952, so an instant's Tokyo wall clock is the instant plus nine
 * hours read with the UTC getters: no time-zone database, and the process's own zone can never shift a date. It
 * is also about a hundred times cheaper than a zone lookup, which matters where thousands of deadlines are drawn.
 *
 * A calendar date is a YYYY-MM-DD string; a day number is the same date as whole days since 1970-01-01, for
 * arithmetic and comparison.
 */

export const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The offset as ISO 8601 writes it after a Tokyo wall-clock time. */
export const TOKYO_OFFSET = "+09:00";
/** DOMAIN.md: a deadline given as a date alone means 23:59:59 in Tokyo of that day. */
export const END_OF_DAY_TIME = "23:59:59";
/** 日…土, indexed like Date#getUTCDay (0 = Sunday). */
export const WEEKDAY_LABELS = ["日", "月", "火", "水", "木", "金", "土"] as const;

/** A Tokyo calendar date, YYYY-MM-DD. */
export type CalendarDate = string;
/** What an instant may come as: a Date, epoch milliseconds, or an ISO string with a time. */
export type Instant = Date | number | string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, "0");

function epochOf(at: Instant): number {
  return typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : at.getTime();
}

// ---------------------------------------------------------------- calendar dates as day numbers

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a YYYY-MM-DD string naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/** month is 1–12; an out-of-range day rolls over as Date.UTC does, so callers clamp first. */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function toDayNumber(date: CalendarDate): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return dayNumberOf(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function fromDayNumber(dayNumber: number): CalendarDate {
  const date = new Date(dayNumber * DAY_MS);
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The Monday of the day's week: weeks begin on Monday in Japanese companies (and in analytics and recurrence). */
export function mondayOfDayNumber(dayNumber: number): number {
  return dayNumber - ((weekdayOfDayNumber(dayNumber) + 6) % 7);
}

export function partsOfDayNumber(dayNumber: number): { year: number; month: number; day: number; weekday: number } {
  const date = new Date(dayNumber * DAY_MS);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** The date `days` after (or before, when negative) a calendar date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(date: CalendarDate): number {
  return weekdayOfDayNumber(toDayNumber(date));
}

/** The same day `months` later; the 31st of a shorter month becomes its last day (1/31 + 1 month = 2/28). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = partsOfDayNumber(toDayNumber(date));
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  return fromDayNumber(dayNumberOf(y, m, Math.min(day, daysInMonth(y, m))));
}

/** The last day of the month of a calendar date. */
export function endOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = partsOfDayNumber(toDayNumber(date));
  return fromDayNumber(dayNumberOf(year, month, daysInMonth(year, month)));
}

// ---------------------------------------------------------------- instants and Tokyo days

/** The Tokyo wall clock of an instant, as numbers (month 1–12, weekday 0 = Sunday). */
export interface TokyoParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export function tokyoParts(at: Instant): TokyoParts {
  const t = new Date(epochOf(at) + TOKYO_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    weekday: t.getUTCDay(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
    millisecond: t.getUTCMilliseconds(),
  };
}

/** The Tokyo day of an instant as a day number (floor, so instants before 1970 work too). */
export function tokyoDayNumber(at: Instant): number {
  return Math.floor((epochOf(at) + TOKYO_OFFSET_MS) / DAY_MS);
}

/** The Tokyo calendar date of an instant: 2026-11-28T15:32:00Z is 2026-11-29 (00:32 in Tokyo). */
export function tokyoDate(at: Instant): CalendarDate {
  return fromDayNumber(tokyoDayNumber(at));
}

/** Milliseconds since Tokyo midnight of an instant. */
export function tokyoTimeOfDay(at: Instant): number {
  const ms = (epochOf(at) + TOKYO_OFFSET_MS) % DAY_MS;
  return ms < 0 ? ms + DAY_MS : ms;
}

/** 0 = Sunday … 6 = Saturday of the Tokyo day of an instant. */
export function tokyoWeekday(at: Instant): number {
  return weekdayOfDayNumber(tokyoDayNumber(at));
}

/** The instant a Tokyo day given as a day number starts (00:00 in Tokyo). */
export function startOfTokyoDayNumber(dayNumber: number): Date {
  return new Date(dayNumber * DAY_MS - TOKYO_OFFSET_MS);
}

/** The instant a Tokyo day starts (00:00 in Tokyo), `days` later when given. */
export function startOfTokyoDay(date: CalendarDate, days = 0): Date {
  return startOfTokyoDayNumber(toDayNumber(date) + days);
}

/** The last instant of a Tokyo day (23:59:59.999): something due that day is past due after it. */
export function endOfTokyoDay(date: CalendarDate): Date {
  return new Date(startOfTokyoDay(date, 1).getTime() - 1);
}

/** The instant of a Tokyo date at a time of day given in milliseconds since midnight. */
export function atTokyo(date: CalendarDate, timeOfDay: number): Date {
  return new Date(startOfTokyoDay(date).getTime() + timeOfDay);
}

/** 2026-11-28T10:00:00+09:00: an ISO instant of a Tokyo date at a wall-clock time (HH:mm or HH:mm:ss). */
export function tokyoIso(date: CalendarDate, time = "00:00:00"): string {
  return `${date}T${time.length === 5 ? `${time}:00` : time}${TOKYO_OFFSET}`;
}

/** The deadline a date alone stands for: 23:59:59 in Tokyo of that day. */
export function deadlineOfDate(date: CalendarDate): Date {
  return new Date(tokyoIso(date, END_OF_DAY_TIME));
}

/** True when an instant falls at 23:59:59 in Tokyo: a deadline given as a date, shown without a time. */
export function isEndOfDayDeadline(at: Instant): boolean {
  const { hour, minute, second } = tokyoParts(at);
  return hour === 23 && minute === 59 && second === 59;
}

// ---------------------------------------------------------------- reading what comes in

/**
 * The Tokyo calendar date a value names: a YYYY-MM-DD date as it is, an ISO instant (2026-11-28T15:32:00Z,
 * 2026-11-29T00:32:00+09:00) as its Tokyo day, a Date or epoch likewise; null for anything else (2026-02-30,
 * text, an invalid Date). A helper that split an instant at its hyphens printed 「2026年11月NaN日」.
 */
export function parseTokyoDate(value: Instant | null | undefined): CalendarDate | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    const text = value.trim();
    if (DATE_PATTERN.test(text)) return isCalendarDate(text) ? text : null;
    // An instant must carry a time; Date.parse would take "2026-11" or "Nov 28" as well.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) || !isCalendarDate(text.slice(0, 10))) return null;
  }
  const epoch = epochOf(typeof value === "string" ? value.trim() : value);
  return Number.isFinite(epoch) ? tokyoDate(epoch) : null;
}

/**
 * An instant from an API input: a date alone means the start of that Tokyo day, or its end (23:59:59) for a
 * deadline (DOMAIN.md); an ISO instant is taken as it is.
 */
export function instantOfInput(value: string, endOfDay: boolean): Date {
  if (DATE_PATTERN.test(value)) return new Date(tokyoIso(value, endOfDay ? END_OF_DAY_TIME : "00:00:00"));
  return new Date(value);
}

// ---------------------------------------------------------------- writing for people

/** 2026年11月28日 for a date or an instant (its Tokyo day); "" for what is neither. */
export function formatJapaneseDate(value: Instant | null | undefined): string {
  const date = parseTokyoDate(value);
  if (!date) return "";
  const { year, month, day } = partsOfDayNumber(toDayNumber(date));
  return `${year}年${month}月${day}日`;
}

/** 2026/11/28 for a date or an instant (its Tokyo day); "" for what is neither. */
export function formatSlashDate(value: Instant | null | undefined): string {
  const date = parseTokyoDate(value);
  return date ? date.replaceAll("-", "/") : "";
}

/** 土: the one-character weekday of a date or an instant (its Tokyo day); "" for what is neither. */
export function weekdayLabel(value: Instant | null | undefined): string {
  const date = parseTokyoDate(value);
  return date ? WEEKDAY_LABELS[weekdayOf(date)]! : "";
}

/** 2026/11/28 09:05 (or 09:05:07 with `seconds`): an instant's Tokyo date and time, as mails and exports write it. */
export function formatSlashDateTime(at: Instant, options?: { seconds?: boolean }): string {
  const t = tokyoParts(at);
  if (!Number.isFinite(t.year)) return "";
  const time = `${pad2(t.hour)}:${pad2(t.minute)}${options?.seconds ? `:${pad2(t.second)}` : ""}`;
  return `${t.year}/${pad2(t.month)}/${pad2(t.day)} ${time}`;
}

/** 10:05 (or 9:05 with `unpadded`): the Tokyo time of day of an instant. */
export function formatTokyoTime(at: Instant, options?: { unpadded?: boolean }): string {
  const { hour, minute } = tokyoParts(at);
  return `${options?.unpadded ? hour : pad2(hour)}:${pad2(minute)}`;
}
