import { fromDayNumber } from "@tasuki/contract/rules/tokyo-date";
import { describe, expect, it } from "vitest";
import { resolvePeriod, weeksOf } from "./analytics-period.ts";

const at = (iso: string) => new Date(iso);
const days = (period: ReturnType<typeof resolvePeriod>) =>
  typeof period === "string" ? period : [fromDayNumber(period.fromDay), fromDayNumber(period.toDay)];

describe("analytics periods in Asia/Tokyo", () => {
  it("takes Tokyo's today: 2026-03-31T15:00Z is already Wednesday 1 April in Tokyo", () => {
    const now = at("2026-03-31T15:00:00Z");
    expect(days(resolvePeriod("week", now, {}))).toEqual(["2026-03-30", "2026-04-05"]);
    expect(days(resolvePeriod("month", now, {}))).toEqual(["2026-04-01", "2026-04-30"]);
    expect(days(resolvePeriod("quarter", now, {}))).toEqual(["2026-04-01", "2026-06-30"]);
    // One minute earlier Tokyo is still on 31 March.
    const before = at("2026-03-31T14:59:00Z");
    expect(days(resolvePeriod("month", before, {}))).toEqual(["2026-03-01", "2026-03-31"]);
    expect(days(resolvePeriod("quarter", before, {}))).toEqual(["2026-01-01", "2026-03-31"]);
  });

  it("starts a week on Monday, a Sunday belonging to the week before", () => {
    expect(days(resolvePeriod("week", at("2026-11-29T10:00:00+09:00"), {}))).toEqual(["2026-11-23", "2026-11-29"]);
    expect(days(resolvePeriod("week", at("2026-11-30T00:00:00+09:00"), {}))).toEqual(["2026-11-30", "2026-12-06"]);
  });

  it("turns the days into Tokyo instants, end exclusive", () => {
    const period = resolvePeriod("month", at("2026-02-10T12:00:00+09:00"), {});
    if (typeof period === "string") throw new Error(period);
    expect(period.start.toISOString()).toBe("2026-01-31T15:00:00.000Z");
    expect(period.end.toISOString()).toBe("2026-02-28T15:00:00.000Z");
  });

  it("checks a range", () => {
    const now = at("2026-11-25T12:00:00+09:00");
    expect(resolvePeriod("range", now, { from: "2026-01-01" })).toBe("range_required");
    expect(resolvePeriod("range", now, { from: "2026-02-01", to: "2026-01-31" })).toBe("range_reversed");
    expect(resolvePeriod("range", now, { from: "2024-01-01", to: "2026-01-01" })).toBe("range_too_long");
    expect(days(resolvePeriod("range", now, { from: "2026-01-31", to: "2026-01-31" }))).toEqual([
      "2026-01-31",
      "2026-01-31",
    ]);
  });

  it("shows at least eight weeks of trend, and every week of a longer period", () => {
    const month = resolvePeriod("month", at("2026-11-25T12:00:00+09:00"), {});
    if (typeof month === "string") throw new Error(month);
    const weeks = weeksOf(month).map(fromDayNumber);
    expect(weeks).toHaveLength(8);
    expect(weeks.at(-1)).toBe("2026-11-30");
    const quarter = resolvePeriod("quarter", at("2026-11-25T12:00:00+09:00"), {});
    if (typeof quarter === "string") throw new Error(quarter);
    expect(weeksOf(quarter).map(fromDayNumber)[0]).toBe("2026-09-28");
    expect(weeksOf(quarter)).toHaveLength(14);
  });
});
