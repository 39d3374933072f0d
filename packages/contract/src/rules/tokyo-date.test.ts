import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  atTokyo,
  daysBetween,
  deadlineOfDate,
  endOfMonth,
  endOfTokyoDay,
  formatJapaneseDate,
  formatSlashDate,
  formatSlashDateTime,
  formatTokyoTime,
  fromDayNumber,
  instantOfInput,
  isCalendarDate,
  isEndOfDayDeadline,
  mondayOfDayNumber,
  parseTokyoDate,
  startOfTokyoDay,
  startOfTokyoDayNumber,
  toDayNumber,
  tokyoDate,
  tokyoDayNumber,
  tokyoIso,
  tokyoParts,
  tokyoTimeOfDay,
  tokyoWeekday,
  weekdayLabel,
  weekdayOf,
} from "./tokyo-date.ts";

describe("the Tokyo date of an instant", () => {
  it("is the next day from 15:00 UTC on (Sunday 00:32 in Tokyo is still Saturday in UTC)", () => {
    expect(tokyoDate(new Date("2026-11-28T14:59:59.999Z"))).toBe("2026-11-28");
    expect(tokyoDate(new Date("2026-11-28T15:00:00Z"))).toBe("2026-11-29");
    expect(tokyoDate("2026-11-28T15:32:00Z")).toBe("2026-11-29");
    expect(tokyoDate(Date.parse("2026-11-29T00:32:00+09:00"))).toBe("2026-11-29");
  });

  it("crosses a year and a month end", () => {
    expect(tokyoDate("2026-12-31T15:00:00Z")).toBe("2027-01-01");
    expect(tokyoDate("2027-02-28T15:00:00Z")).toBe("2027-03-01");
    expect(tokyoDate("2028-02-28T15:00:00Z")).toBe("2028-02-29");
  });

  it("works before 1970 (the day number is floored)", () => {
    expect(tokyoDate("1969-12-31T14:59:59Z")).toBe("1969-12-31");
    expect(tokyoDate("1969-12-31T15:00:00Z")).toBe("1970-01-01");
    expect(tokyoDayNumber("1969-12-31T14:59:59Z")).toBe(-1);
  });

  it("gives its wall clock, weekday and time of day", () => {
    expect(tokyoParts("2026-11-28T15:32:05.250Z")).toEqual({
      year: 2026,
      month: 11,
      day: 29,
      weekday: 0,
      hour: 0,
      minute: 32,
      second: 5,
      millisecond: 250,
    });
    expect(tokyoWeekday("2026-11-28T15:32:00Z")).toBe(0);
    expect(tokyoWeekday("2026-11-28T14:59:00Z")).toBe(6);
    expect(tokyoTimeOfDay("2026-11-28T15:32:00Z")).toBe(32 * 60_000);
    expect(tokyoTimeOfDay("1969-12-31T15:00:01Z")).toBe(1000);
  });
});

describe("the start and end of a Tokyo day", () => {
  it("starts at 15:00 UTC the day before", () => {
    expect(startOfTokyoDay("2026-11-29").toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(startOfTokyoDay("2026-11-29", 3).toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(startOfTokyoDay("2027-01-01", -1).toISOString()).toBe("2026-12-30T15:00:00.000Z");
    expect(startOfTokyoDayNumber(toDayNumber("2026-11-29")).toISOString()).toBe("2026-11-28T15:00:00.000Z");
  });

  it("ends one millisecond before the next day starts", () => {
    expect(endOfTokyoDay("2026-12-31").toISOString()).toBe("2026-12-31T14:59:59.999Z");
    expect(tokyoDate(endOfTokyoDay("2026-12-31"))).toBe("2026-12-31");
  });

  it("places a time of day and writes ISO instants with +09:00", () => {
    expect(atTokyo("2026-11-30", 10 * 3_600_000).toISOString()).toBe("2026-11-30T01:00:00.000Z");
    expect(tokyoIso("2026-11-30", "10:00")).toBe("2026-11-30T10:00:00+09:00");
    expect(tokyoIso("2026-11-30")).toBe("2026-11-30T00:00:00+09:00");
  });

  it("reads a date alone as a deadline at 23:59:59", () => {
    expect(deadlineOfDate("2026-11-30").toISOString()).toBe("2026-11-30T14:59:59.000Z");
    expect(isEndOfDayDeadline("2026-11-30T14:59:59.000Z")).toBe(true);
    expect(isEndOfDayDeadline("2026-11-30T15:00:00.000Z")).toBe(false);
    expect(instantOfInput("2026-11-30", true).toISOString()).toBe("2026-11-30T14:59:59.000Z");
    expect(instantOfInput("2026-11-30", false).toISOString()).toBe("2026-11-29T15:00:00.000Z");
    expect(instantOfInput("2026-11-30T10:00:00+09:00", true).toISOString()).toBe("2026-11-30T01:00:00.000Z");
  });
});

describe("adding days and months", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-11-28", 1)).toBe("2026-11-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-28", "2027-01-01")).toBe(34);
    expect(fromDayNumber(toDayNumber("2026-11-28"))).toBe("2026-11-28");
  });

  it("keeps the day of the month, or the month's last day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-28", 2)).toBe("2027-01-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 12)).toBe("2027-11-15");
    expect(endOfMonth("2026-02-10")).toBe("2026-02-28");
    expect(endOfMonth("2026-12-01")).toBe("2026-12-31");
  });

  it("names the weekday of a date", () => {
    expect(weekdayOf("2026-11-28")).toBe(6);
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("1969-12-28")).toBe(0);
    expect(fromDayNumber(mondayOfDayNumber(toDayNumber("2026-11-29")))).toBe("2026-11-23");
    expect(fromDayNumber(mondayOfDayNumber(toDayNumber("2026-11-30")))).toBe("2026-11-30");
    expect(fromDayNumber(mondayOfDayNumber(toDayNumber("1970-01-01")))).toBe("1969-12-29");
    expect(weekdayLabel("2026-11-28")).toBe("土");
    expect(weekdayLabel("2026-11-28T15:32:00Z")).toBe("日");
  });
});

describe("reading a date or an instant", () => {
  it("takes a YYYY-MM-DD date as it is, and only a day that exists", () => {
    expect(parseTokyoDate("2026-11-28")).toBe("2026-11-28");
    expect(parseTokyoDate(" 2026-11-28 ")).toBe("2026-11-28");
    expect(parseTokyoDate("2026-02-30")).toBeNull();
    expect(parseTokyoDate("2026-13-01")).toBeNull();
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
  });

  it("takes an ISO instant as its Tokyo day, not as the date its first ten characters spell", () => {
    expect(parseTokyoDate("2026-11-28T15:32:00.000Z")).toBe("2026-11-29");
    expect(parseTokyoDate("2026-11-29T00:32:00+09:00")).toBe("2026-11-29");
    expect(parseTokyoDate("2026-11-28T10:00:00Z")).toBe("2026-11-28");
    expect(parseTokyoDate(new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01");
    expect(parseTokyoDate(Date.parse("2026-12-31T14:59:59Z"))).toBe("2026-12-31");
  });

  it("refuses what is neither", () => {
    for (const value of [
      "",
      "2026-11",
      "Nov 28 2026",
      "2026-11-28T",
      "2026-02-30T10:00:00Z",
      "明日",
      null,
      undefined,
    ]) {
      expect(parseTokyoDate(value)).toBeNull();
    }
    expect(parseTokyoDate(new Date(Number.NaN))).toBeNull();
    expect(parseTokyoDate(Number.NaN)).toBeNull();
  });
});

describe("writing dates for people", () => {
  it("writes 2026年11月28日 from a date or an instant, never NaN", () => {
    expect(formatJapaneseDate("2026-11-28")).toBe("2026年11月28日");
    expect(formatJapaneseDate("2026-11-28T15:32:00.000Z")).toBe("2026年11月29日");
    expect(formatJapaneseDate(new Date("2026-12-31T15:00:00Z"))).toBe("2027年1月1日");
    expect(formatJapaneseDate("2026-01-05")).toBe("2026年1月5日");
    expect(formatJapaneseDate("not a date")).toBe("");
    expect(formatJapaneseDate(null)).toBe("");
  });

  it("writes 2026/11/28 and the time of day", () => {
    expect(formatSlashDate("2026-11-28T15:32:00Z")).toBe("2026/11/29");
    expect(formatSlashDate("2026-01-05")).toBe("2026/01/05");
    expect(formatTokyoTime("2026-11-28T15:05:00Z")).toBe("00:05");
    expect(formatSlashDateTime("2026-04-15T00:05:07Z")).toBe("2026/04/15 09:05");
    expect(formatSlashDateTime(new Date("2026-04-14T15:05:07Z"), { seconds: true })).toBe("2026/04/15 00:05:07");
    expect(formatSlashDateTime("not an instant")).toBe("");
    expect(formatTokyoTime("2026-11-28T00:05:00Z", { unpadded: true })).toBe("9:05");
  });
});
