import type { AnalyticsPeriodKind } from "@tasuki/contract/analytics/analytics.schema";
import {
  dayNumberOf,
  mondayOfDayNumber,
  partsOfDayNumber,
  startOfTokyoDayNumber,
  toDayNumber,
  tokyoDayNumber,
} from "@tasuki/contract/rules/tokyo-date";

/** The longest range a caller may ask for (two years and a day), so one call stays bounded. */
export const MAX_RANGE_DAYS = 731;
/** The burn-up shows at least this many weeks, so a week or a month still has a trend to read. */
const MIN_WEEKS = 8;

// Periods are Tokyo days as day numbers (packages/contract/src/rules/tokyo-date.ts): whole-day arithmetic.

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
  const today = tokyoDayNumber(now);
  let fromDay: number;
  let toDay: number;
  if (kind === "range") {
    if (!range.from || !range.to) return "range_required";
    fromDay = toDayNumber(range.from);
    toDay = toDayNumber(range.to);
    if (toDay < fromDay) return "range_reversed";
    if (toDay - fromDay + 1 > MAX_RANGE_DAYS) return "range_too_long";
  } else if (kind === "week") {
    fromDay = mondayOfDayNumber(today);
    toDay = fromDay + 6;
  } else {
    const { year, month: current } = partsOfDayNumber(today);
    // Quarters are 1–3月, 4–6月, …; a month past 12 rolls into the next year.
    const month = kind === "month" ? current : Math.floor((current - 1) / 3) * 3 + 1;
    const months = kind === "month" ? 1 : 3;
    fromDay = dayNumberOf(year, month, 1);
    toDay = dayNumberOf(year, month + months, 1) - 1;
  }
  return { kind, fromDay, toDay, start: startOfTokyoDayNumber(fromDay), end: startOfTokyoDayNumber(toDay + 1) };
}

/** The Mondays of the burn-up: every week the period touches, and at least the MIN_WEEKS weeks up to its end. */
export function weeksOf(period: Period): number[] {
  const last = mondayOfDayNumber(period.toDay);
  const first = Math.min(mondayOfDayNumber(period.fromDay), last - (MIN_WEEKS - 1) * 7);
  const weeks: number[] = [];
  for (let monday = first; monday <= last; monday += 7) weeks.push(monday);
  return weeks;
}
