import { daysInMonth, deadlineOfDate, WEEKDAY_LABELS } from "@tasuki/contract/rules/tokyo-date";
import type { DateStyle } from "@tasuki/contract/workspace/workspace.schema";
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

export { WEEKDAY_LABELS };

/** 全期間: the default date range of every filter. */
export const ALL_PERIOD = { label: "全期間", from: "1900-01-01", to: "2200-12-31" } as const;

export type DateInput = string | number | Date | Dayjs;

const DATE_ONLY = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATE_PREFIX = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](.*))?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
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
  return deadlineOfDate(toTokyo(input).format("YYYY-MM-DD"));
}

export function addDays(input: DateInput, days: number): Date {
  return toTokyo(input).add(days, "day").toDate();
}

/** 30 days later (e.g. the end of a trial or the default retention before purge). */
export function addThirtyDays(input: DateInput): Date {
  return addDays(input, 30);
}

/*
 * This module is the one place the web app turns a date into text for people. Each workspace chooses 西暦
 * (2025年11月25日, the default) or 和暦 (令和7年11月25日); the shell sets the current workspace's choice with
 * `setDateStyle` and every formatter below honours it. 和暦 comes from the browser's own Japanese calendar
 * (ICU: 令和, 平成 … and 元年 for an era's first year), so a new era needs no release of ours. Values for
 * machines — date inputs, the API, CSV exports — stay YYYY-MM-DD or 西暦 whatever the choice.
 */
let dateStyle: DateStyle = "gregorian";

/**
 * The current workspace's choice. The shell sets it while rendering, before the pages, and keys the pages on
 * it: a change (another workspace, or the setting saved) redraws every date at once.
 */
export function setDateStyle(style: DateStyle): void {
  dateStyle = style;
}

export function getDateStyle(): DateStyle {
  return dateStyle;
}

const ERA_CALENDAR = "ja-JP-u-ca-japanese";
/** 令和7年11月25日 */
const eraLong = new Intl.DateTimeFormat(ERA_CALENDAR, {
  timeZone: APP_TIME_ZONE,
  era: "long",
  year: "numeric",
  // "long" (11月), not "numeric": ICU writes a numeric month as 令和7/11/25.
  month: "long",
  day: "numeric",
});
/** R7/11/25: the short 和暦 of tables and lists, as Japanese forms and spreadsheets write it. */
const eraSlash = new Intl.DateTimeFormat(ERA_CALENDAR, {
  timeZone: APP_TIME_ZONE,
  era: "narrow",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** 令和7年11月 */
const eraYearMonth = new Intl.DateTimeFormat(ERA_CALENDAR, {
  timeZone: APP_TIME_ZONE,
  era: "long",
  year: "numeric",
  month: "long",
});

export interface DateStyleOption {
  /** The style to write in; the current workspace's when left out. */
  style?: DateStyle | undefined;
}

function format(
  input: DateInput | null | undefined,
  pattern: string,
  era: Intl.DateTimeFormat,
  options?: DateStyleOption,
): string {
  if (input === null || input === undefined || !isValidDate(input)) return "";
  const tokyo = toTokyo(input);
  return (options?.style ?? dateStyle) === "japanese" ? era.format(tokyo.toDate()) : tokyo.format(pattern);
}

/** 2025/04/01, or 25/04/01 with `shortYear`; 和暦: R7/04/01 either way. */
export function formatSlashDate(
  input: DateInput | null | undefined,
  options?: { shortYear?: boolean } & DateStyleOption,
): string {
  return format(input, options?.shortYear ? "YY/MM/DD" : "YYYY/MM/DD", eraSlash, options);
}

/** 2025-04-01, the form date inputs and the API's date-only values use (never 和暦: it is for machines). */
export function formatIsoDate(input: DateInput | null | undefined): string {
  if (input === null || input === undefined || !isValidDate(input)) return "";
  return toTokyo(input).format("YYYY-MM-DD");
}

/** 2025年4月1日; 和暦: 令和7年4月1日. */
export function formatJapaneseDate(input: DateInput | null | undefined, options?: DateStyleOption): string {
  return format(input, "YYYY年M月D日", eraLong, options);
}

/** 2025年4月; 和暦: 令和7年4月 (a calendar's or a chart's month). */
export function formatYearMonth(input: DateInput | null | undefined, options?: DateStyleOption): string {
  return format(input, "YYYY年M月", eraYearMonth, options);
}

/** 2025/04/01 09:05; 和暦: R7/04/01 09:05. */
export function formatDateTime(input: DateInput | null | undefined, options?: DateStyleOption): string {
  const date = formatSlashDate(input, options);
  return date && `${date} ${toTokyo(input!).format("HH:mm")}`;
}

/**
 * A deadline for people: 2025/04/01 when it was given as a date (stored as 23:59:59 Tokyo, DOMAIN.md), else
 * 2025/04/01 15:00. A bare date's 23:59 is how it is stored, not a time anyone chose.
 */
export function formatDeadline(input: DateInput | null | undefined, options?: DateStyleOption): string {
  if (input === null || input === undefined || !isValidDate(input)) return "";
  return toTokyo(input).format("HH:mm:ss") === "23:59:59"
    ? formatSlashDate(input, options)
    : formatDateTime(input, options);
}

/** 4/1 or 4月1日 (no year, so the same in both styles): days inside a month or a week on screen. */
export function formatMonthDay(input: DateInput | null | undefined, options?: { kanji?: boolean }): string {
  if (input === null || input === undefined || !isValidDate(input)) return "";
  return toTokyo(input).format(options?.kanji ? "M月D日" : "M/D");
}

/** The export files' stamp (監査ログ_20251125.csv): a file name sorts by 西暦 whatever the screen shows. */
export function fileDateStamp(input: DateInput = new Date(), withTime = false): string {
  return toTokyo(input).format(withTime ? "YYYYMMDD_HHmm" : "YYYYMMDD");
}

/** The single-character weekday (日…土) of the Tokyo day of the input. */
export function weekdayLabel(input: DateInput): string {
  return WEEKDAY_LABELS[toTokyo(input).day()] ?? "";
}

/**
 * The colour a day's label takes, as Japanese calendars print it: 日 and 祝日 (or a closed day) red, 土 blue, other
 * days the caller's own. Every calendar, date strip and weekday picker takes it from here, so 土 is the same blue on
 * the phone and on the desktop.
 */
export function weekdayColor(weekday: number, offDay = false): "error.main" | "info.main" | undefined {
  if (offDay || weekday === 0) return "error.main";
  return weekday === 6 ? "info.main" : undefined;
}

export function isAllPeriod(range: { from: string; to: string }): boolean {
  return range.from === ALL_PERIOD.from && range.to === ALL_PERIOD.to;
}
