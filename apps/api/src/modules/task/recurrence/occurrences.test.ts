import { type RecurrenceRuleInput, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { holidayJpCalendar, withClosedDates, yearEndClosedDates } from "../../../lib/holiday-calendar.ts";
import { nextOccurrences, occurrences } from "./occurrences.ts";

const rule = (input: RecurrenceRuleInput) => recurrenceRuleSchema.parse(input);
const calendar = holidayJpCalendar;
const closedYearEnd = withClosedDates(holidayJpCalendar, yearEndClosedDates(2025, 2028));

describe("weekly", () => {
  const mondays = rule({ frequency: "weekly", weekdays: [1], start_date: "2026-01-01", holiday_handling: "skip" });

  it("skips the Monday holidays of 2026 and 2027 (成人の日, 海の日, スポーツの日 …)", () => {
    const dates = occurrences(mondays, { from: "2026-01-01", to: "2027-12-31", calendar });
    for (const holiday of ["2026-01-12", "2026-07-20", "2026-10-12", "2027-01-11", "2027-07-19", "2027-10-11"]) {
      expect(dates).not.toContain(holiday);
    }
    expect(dates).toContain("2027-01-04");
    expect(dates).toContain("2027-01-18");
    // 104 Mondays, 13 of them public holidays (2026: 7, 2027: 6).
    expect(dates).toHaveLength(91);
  });

  it("keeps the holidays when the handling is none", () => {
    const plain = rule({ frequency: "weekly", weekdays: [1], start_date: "2027-01-01" });
    expect(occurrences(plain, { to: "2027-01-31", calendar })).toEqual([
      "2027-01-04",
      "2027-01-11",
      "2027-01-18",
      "2027-01-25",
    ]);
  });

  it("moves 成人の日 to the next business day", () => {
    const moved = rule({
      frequency: "weekly",
      weekdays: [1],
      start_date: "2027-01-01",
      holiday_handling: "next_business_day",
    });
    expect(occurrences(moved, { to: "2027-01-20", calendar })).toEqual(["2027-01-04", "2027-01-12", "2027-01-18"]);
  });

  it("every 2 weeks counts weeks from the Monday of the start date's week", () => {
    const biweekly = rule({ frequency: "weekly", interval: 2, weekdays: [1], start_date: "2026-01-05" });
    expect(occurrences(biweekly, { to: "2026-02-20", calendar })).toEqual([
      "2026-01-05",
      "2026-01-19",
      "2026-02-02",
      "2026-02-16",
    ]);
    const fromWednesday = rule({ frequency: "weekly", interval: 2, weekdays: [5, 1], start_date: "2026-01-07" });
    expect(occurrences(fromWednesday, { to: "2026-02-02", calendar })).toEqual([
      "2026-01-09",
      "2026-01-19",
      "2026-01-23",
      "2026-02-02",
    ]);
  });

  it("a Monday and a Tuesday both moved past Golden Week become one occurrence", () => {
    const monTue = rule({
      frequency: "weekly",
      weekdays: [1, 2],
      start_date: "2026-04-27",
      holiday_handling: "next_business_day",
    });
    expect(occurrences(monTue, { to: "2026-05-12", calendar })).toEqual([
      "2026-04-27",
      "2026-04-28",
      "2026-05-07",
      "2026-05-11",
      "2026-05-12",
    ]);
  });
});

describe("holiday moves", () => {
  it("next_business_day over Golden Week (5/3–5/6)", () => {
    const daily = rule({ frequency: "daily", start_date: "2026-05-01", holiday_handling: "next_business_day" });
    expect(occurrences(daily, { to: "2026-05-08", calendar })).toEqual(["2026-05-01", "2026-05-07", "2026-05-08"]);
    const third = rule({
      frequency: "monthly",
      day_of_month: 3,
      start_date: "2026-04-01",
      holiday_handling: "next_business_day",
    });
    expect(occurrences(third, { to: "2026-06-30", calendar })).toEqual(["2026-04-03", "2026-05-07", "2026-06-03"]);
  });

  it("next_business_day over 年末年始 with the workspace's closed days 12/29–1/3", () => {
    const thirtieth = rule({
      frequency: "monthly",
      day_of_month: 30,
      start_date: "2026-11-01",
      holiday_handling: "next_business_day",
    });
    expect(occurrences(thirtieth, { to: "2027-02-28", calendar })).toEqual(["2026-11-30", "2026-12-30", "2027-02-01"]);
    // 12/30 is closed, 1/1 is 元日, 1/2–1/3 a weekend (and closed): the first business day is Monday 1/4.
    expect(occurrences(thirtieth, { to: "2027-02-28", calendar: closedYearEnd })).toEqual([
      "2026-11-30",
      "2027-01-04",
      "2027-02-01",
    ]);
  });

  it("previous_business_day moves back across weekends, 元日 and the year-end closure", () => {
    const first = rule({
      frequency: "monthly",
      day_of_month: 1,
      start_date: "2026-07-01",
      holiday_handling: "previous_business_day",
    });
    expect(occurrences(first, { from: "2026-07-01", to: "2027-01-31", calendar })).toEqual([
      "2026-07-01",
      "2026-07-31", // 8/1 is a Saturday
      "2026-09-01",
      "2026-10-01",
      "2026-10-30", // 11/1 is a Sunday
      "2026-12-01",
      "2026-12-31", // 2027-01-01 is 元日
    ]);
    expect(occurrences(first, { from: "2026-12-01", to: "2027-01-31", calendar: closedYearEnd })).toEqual([
      "2026-12-01",
      "2026-12-28",
    ]);
  });

  it("previous_business_day walks back through Golden Week to the Friday before", () => {
    const fifth = rule({
      frequency: "monthly",
      day_of_month: 5,
      start_date: "2026-04-01",
      holiday_handling: "previous_business_day",
    });
    // 5/5 こどもの日, 5/4 みどりの日, 5/3 憲法記念日 (Sunday), 5/2 Saturday.
    expect(occurrences(fifth, { to: "2026-06-30", calendar })).toEqual(["2026-04-03", "2026-05-01", "2026-06-05"]);
  });

  it("skip drops 国民の休日 (2026-09-22) as well as the named holidays around it", () => {
    const daily = rule({ frequency: "daily", start_date: "2026-09-18", holiday_handling: "skip" });
    expect(occurrences(daily, { to: "2026-09-25", calendar })).toEqual(["2026-09-18", "2026-09-24", "2026-09-25"]);
  });

  it("a weekly Wednesday in the year-end closure moves to the first business day of January", () => {
    const wednesdays = rule({
      frequency: "weekly",
      weekdays: [3],
      start_date: "2026-12-20",
      holiday_handling: "next_business_day",
    });
    expect(occurrences(wednesdays, { to: "2027-01-10", calendar: closedYearEnd })).toEqual([
      "2026-12-23",
      "2027-01-04",
      "2027-01-06",
    ]);
  });

  it("a window sees an occurrence moved into it from a raw date outside it", () => {
    const first = rule({
      frequency: "monthly",
      day_of_month: 1,
      start_date: "2026-01-01",
      holiday_handling: "previous_business_day",
    });
    expect(occurrences(first, { from: "2026-07-15", to: "2026-07-31", calendar })).toEqual(["2026-07-31"]);
    expect(occurrences(first, { from: "2026-08-01", to: "2026-08-31", calendar })).toEqual([]);
  });

  it("skip drops weekends and holidays", () => {
    const daily = rule({ frequency: "daily", start_date: "2026-04-28", holiday_handling: "skip" });
    expect(occurrences(daily, { to: "2026-05-08", calendar })).toEqual([
      "2026-04-28",
      "2026-04-30",
      "2026-05-01",
      "2026-05-07",
      "2026-05-08",
    ]);
  });
});

describe("monthly and yearly", () => {
  it("day 31 falls on the last day of shorter months", () => {
    const last = rule({ frequency: "monthly", day_of_month: 31, start_date: "2026-01-01" });
    expect(occurrences(last, { to: "2026-06-30", calendar })).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
    ]);
    expect(occurrences(last, { from: "2028-02-01", to: "2028-02-29", calendar })).toEqual(["2028-02-29"]);
  });

  it("the last Friday and the second Tuesday", () => {
    const lastFriday = rule({ frequency: "monthly", nth_weekday: { n: -1, weekday: 5 }, start_date: "2026-01-01" });
    expect(occurrences(lastFriday, { to: "2026-05-31", calendar })).toEqual([
      "2026-01-30",
      "2026-02-27",
      "2026-03-27",
      "2026-04-24",
      "2026-05-29",
    ]);
    const secondTuesday = rule({ frequency: "monthly", nth_weekday: { n: 2, weekday: 2 }, start_date: "2026-01-01" });
    expect(occurrences(secondTuesday, { to: "2026-03-31", calendar })).toEqual([
      "2026-01-13",
      "2026-02-10",
      "2026-03-10",
    ]);
  });

  it("every 3 months counts from the start month", () => {
    const quarterly = rule({ frequency: "monthly", interval: 3, day_of_month: 15, start_date: "2026-02-20" });
    expect(occurrences(quarterly, { to: "2027-03-01", calendar })).toEqual([
      "2026-05-15",
      "2026-08-15",
      "2026-11-15",
      "2027-02-15",
    ]);
  });

  it("yearly on 2月29日 falls on 2月28日 in common years", () => {
    const leap = rule({ frequency: "yearly", month: 2, day: 29, start_date: "2024-02-29" });
    expect(occurrences(leap, { to: "2028-12-31", calendar })).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });

  it("yearly every 2 years, the start year first", () => {
    const april = rule({ frequency: "yearly", interval: 2, month: 4, day: 1, start_date: "2026-01-01" });
    expect(occurrences(april, { to: "2031-12-31", calendar })).toEqual(["2026-04-01", "2028-04-01", "2030-04-01"]);
  });
});

describe("ends", () => {
  it("until is inclusive", () => {
    const daily = rule({ frequency: "daily", start_date: "2026-01-01", end: { type: "until", until: "2026-01-05" } });
    expect(occurrences(daily, { to: "2026-12-31", calendar })).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
    ]);
  });

  it("count is counted on the raw series: a skipped holiday uses up one", () => {
    const three = rule({
      frequency: "weekly",
      weekdays: [1],
      start_date: "2026-01-05",
      holiday_handling: "skip",
      end: { type: "count", count: 3 },
    });
    expect(occurrences(three, { to: "2026-12-31", calendar })).toEqual(["2026-01-05", "2026-01-19"]);
    expect(occurrences(three, { from: "2026-01-15", to: "2026-12-31", calendar })).toEqual(["2026-01-19"]);
  });

  it("limit truncates the answer", () => {
    const daily = rule({ frequency: "daily", start_date: "2026-01-01" });
    expect(occurrences(daily, { to: "2200-12-31", calendar, limit: 3 })).toHaveLength(3);
  });

  it("nothing is generated after 2200-12-31", () => {
    const yearly = rule({ frequency: "yearly", month: 12, day: 31, start_date: "2199-01-01" });
    expect(nextOccurrences(yearly, "2199-01-01", 5, calendar)).toEqual(["2199-12-31", "2200-12-31"]);
  });
});

describe("nextOccurrences", () => {
  it("lists the next dates strictly after the given day", () => {
    const mondays = rule({ frequency: "weekly", weekdays: [1], start_date: "2026-01-01", holiday_handling: "skip" });
    expect(nextOccurrences(mondays, "2027-01-04", 3, calendar)).toEqual(["2027-01-18", "2027-01-25", "2027-02-01"]);
  });

  it("stops at the end of a counted series", () => {
    const two = rule({ frequency: "daily", start_date: "2026-01-01", end: { type: "count", count: 2 } });
    expect(nextOccurrences(two, "2025-12-31", 10, calendar)).toEqual(["2026-01-01", "2026-01-02"]);
    expect(nextOccurrences(two, "2026-01-01", 10, calendar)).toEqual(["2026-01-02"]);
  });
});
