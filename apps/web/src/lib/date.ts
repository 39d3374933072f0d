import dayjs, { type Dayjs } from "dayjs";
import "dayjs/locale/ja";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale("ja");

/** Dates are shown and entered in Japan's time whatever the browser's zone (DOMAIN.md). */
export const APP_TIME_ZONE = "Asia/Tokyo";
dayjs.tz.setDefault(APP_TIME_ZONE);

export const WEEKDAY_LABELS = ["日", "月", "火", "水", "木", "金", "土"] as const;

/** 全期間: the default date range of every filter. */
export const ALL_PERIOD = { label: "全期間", from: "1900-01-01", to: "2200-12-31" } as const;

export type DateInput = string | number | Date | Dayjs;

const DATE_ONLY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATE_PREFIX = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](.*))?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * True for a real point in time: a valid Date or Dayjs, a finite epoch number, or a string in
 * YYYY-MM-DD / YYYY/MM/DD form (optionally with an ISO time) naming a day that exists.
 * Unlike `new Date()`, 2025-02-30 is refused instead of rolling over into March.
 */
export function isValidDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (dayjs.isDayjs(value)) return value.isValid();
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "string") return false;
  const match = DATE_PREFIX.exec(value.trim());
  if (!match) return false;
  const [, y, m, d, time] = match;
  if (!isCalendarDate(Number(y), Number(m), Number(d))) return false;
  if (time === undefined) return true;
  const iso = `${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}T${time}`;
  return /^\d{2}:\d{2}/.test(time) && !Number.isNaN(Date.parse(iso));
}

/**
 * Reads an input as a moment in Tokyo. A bare date string names a Tokyo calendar day (midnight in
 * Tokyo), whereas instants (Date, epoch, ISO strings with a time) are converted to Tokyo time.
 */
export function toTokyo(input: DateInput): Dayjs {
  if (typeof input === "string") {
    const match = DATE_ONLY.exec(input.trim());
    if (match) {
      const [, y, m, d] = match;
      return dayjs.tz(`${y}-${m!.padStart(2, "0")}-${d!.padStart(2, "0")}`, APP_TIME_ZONE);
    }
  }
  return dayjs(input).tz(APP_TIME_ZONE);
}

/** 23:59:59 Asia/Tokyo of the (Tokyo) day of the input: what a deadline given as a date means. */
export function endOfDayInTokyo(input: DateInput): Date {
  const day = toTokyo(input).format("YYYY-MM-DD");
  return dayjs.tz(`${day} 23:59:59`, APP_TIME_ZONE).toDate();
}

export function addDays(input: DateInput, days: number): Date {
  return toTokyo(input).add(days, "day").toDate();
}

/** 30 days later (e.g. the end of a trial or the default retention before purge). */
export function addThirtyDays(input: DateInput): Date {
  return addDays(input, 30);
}

function format(input: DateInput | null | undefined, pattern: string): string {
  if (input === null || input === undefined || !isValidDate(input)) return "";
  return toTokyo(input).format(pattern);
}

/** 2025/04/01, or 25/04/01 with `shortYear`. */
export function formatSlashDate(input: DateInput | null | undefined, options?: { shortYear?: boolean }): string {
  return format(input, options?.shortYear ? "YY/MM/DD" : "YYYY/MM/DD");
}

/** 2025-04-01, the form date inputs and the API's date-only values use. */
export function formatIsoDate(input: DateInput | null | undefined): string {
  return format(input, "YYYY-MM-DD");
}

/** 2025年4月1日 */
export function formatJapaneseDate(input: DateInput | null | undefined): string {
  return format(input, "YYYY年M月D日");
}

/** 2025/04/01 09:05 */
export function formatDateTime(input: DateInput | null | undefined): string {
  return format(input, "YYYY/MM/DD HH:mm");
}

/** The single-character weekday (日…土) of the Tokyo day of the input. */
export function weekdayLabel(input: DateInput): string {
  return WEEKDAY_LABELS[toTokyo(input).day()] ?? "";
}

export function isAllPeriod(range: { from: string; to: string }): boolean {
  return range.from === ALL_PERIOD.from && range.to === ALL_PERIOD.to;
}
