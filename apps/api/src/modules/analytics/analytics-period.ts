import type { AnalyticsPeriodKind } from "@tasuki/contract/analytics/analytics.schema";

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest range a caller may ask for (two years and a day), so one call stays bounded. */
export const MAX_RANGE_DAYS = 731;
/** The burn-up shows at least this many weeks, so a week or a month still has a trend to read. */
const MIN_WEEKS = 8;

/** A Tokyo calendar day as days since the epoch (Japan keeps no summer time, so the offset is fixed). */
export const tokyoDayOf = (at: Date) => Math.floor((at.getTime() + TOKYO_OFFSET_MS) / DAY_MS);
/** The instant a Tokyo day starts. */
export const startOfTokyoDay = (day: number) => new Date(day * DAY_MS - TOKYO_OFFSET_MS);
export const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayOfIso = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Monday of the day's week (1970-01-01 was a Thursday). */
export const mondayOf = (day: number) => day - ((day + 3) % 7);

export interface Period {
  kind: AnalyticsPeriodKind;
  /** First and last Tokyo day, both included. */
  fromDay: number;
  toDay: number;
  /** [start, end) as instants. */
  start: Date;
  end: Date;
}

export type PeriodError = "range_required" | "range_reversed" | "range_too_long";

/** The period of a query on the injected clock's today in Asia/Tokyo. */
export function resolvePeriod(
  kind: AnalyticsPeriodKind,
  now: Date,
  range: { from?: string | undefined; to?: string | undefined },
): Period | PeriodError {
  const today = tokyoDayOf(now);
  let fromDay: number;
  let toDay: number;
  if (kind === "range") {
    if (!range.from || !range.to) return "range_required";
    fromDay = dayOfIso(range.from);
    toDay = dayOfIso(range.to);
    if (toDay < fromDay) return "range_reversed";
    if (toDay - fromDay + 1 > MAX_RANGE_DAYS) return "range_too_long";
  } else if (kind === "week") {
    fromDay = mondayOf(today);
    toDay = fromDay + 6;
  } else {
    const date = new Date(today * DAY_MS);
    const year = date.getUTCFullYear();
    const month = kind === "month" ? date.getUTCMonth() : Math.floor(date.getUTCMonth() / 3) * 3;
    const months = kind === "month" ? 1 : 3;
    fromDay = Date.UTC(year, month, 1) / DAY_MS;
    toDay = Date.UTC(year, month + months, 1) / DAY_MS - 1;
  }
  return { kind, fromDay, toDay, start: startOfTokyoDay(fromDay), end: startOfTokyoDay(toDay + 1) };
}

/** The Mondays of the burn-up: every week the period touches, and at least the MIN_WEEKS weeks up to its end. */
export function weeksOf(period: Period): number[] {
  const last = mondayOf(period.toDay);
  const first = Math.min(mondayOf(period.fromDay), last - (MIN_WEEKS - 1) * 7);
  const weeks: number[] = [];
  for (let monday = first; monday <= last; monday += 7) weeks.push(monday);
  return weeks;
}
