import { afterEach, describe, expect, it } from "vitest";
import {
  ALL_PERIOD,
  addThirtyDays,
  endOfDayInTokyo,
  fileDateStamp,
  formatDateTime,
  formatIsoDate,
  formatJapaneseDate,
  formatMonthDay,
  formatSlashDate,
  formatYearMonth,
  getDateStyle,
  isAllPeriod,
  isValidDate,
  setDateStyle,
  WEEKDAY_LABELS,
  weekdayColor,
  weekdayLabel,
} from "./date.ts";

describe("isValidDate", () => {
  it("accepts real dates in the supported forms", () => {
    expect(isValidDate("2025-04-01")).toBe(true);
    expect(isValidDate("2025/4/1")).toBe(true);
    expect(isValidDate("2024-02-29")).toBe(true);
    expect(isValidDate("2025-04-01T09:30:00+09:00")).toBe(true);
    expect(isValidDate("2025-04-01T00:30:00.000Z")).toBe(true);
    expect(isValidDate(new Date(2025, 0, 1))).toBe(true);
    expect(isValidDate(0)).toBe(true);
  });

  it("refuses days that do not exist instead of rolling them over", () => {
    expect(isValidDate("2025-02-29")).toBe(false);
    expect(isValidDate("2025-02-30")).toBe(false);
    expect(isValidDate("2025-13-01")).toBe(false);
    expect(isValidDate("2025-04-31")).toBe(false);
    expect(isValidDate("2025-00-10")).toBe(false);
    expect(isValidDate("1900-02-29")).toBe(false);
    expect(isValidDate("2000-02-29")).toBe(true);
  });

  it("refuses garbage, bad times and non-dates", () => {
    expect(isValidDate("")).toBe(false);
    expect(isValidDate("明日")).toBe(false);
    expect(isValidDate("2025-04-01T25:00:00Z")).toBe(false);
    expect(isValidDate("2025-04-01Tfoo")).toBe(false);
    expect(isValidDate(new Date("nope"))).toBe(false);
    expect(isValidDate(Number.NaN)).toBe(false);
    expect(isValidDate(null)).toBe(false);
    expect(isValidDate(undefined)).toBe(false);
    expect(isValidDate({})).toBe(false);
  });
});

describe("endOfDayInTokyo", () => {
  it("sets a date-only value to 23:59:59 in Tokyo (14:59:59 UTC)", () => {
    expect(endOfDayInTokyo("2025-04-01").toISOString()).toBe("2025-04-01T14:59:59.000Z");
  });

  it("uses the Tokyo calendar day of an instant, not the UTC one", () => {
    // 20:00 UTC on 31 March is already 1 April in Tokyo.
    expect(endOfDayInTokyo("2025-03-31T20:00:00Z").toISOString()).toBe("2025-04-01T14:59:59.000Z");
    expect(endOfDayInTokyo(new Date("2025-03-31T14:00:00Z")).toISOString()).toBe("2025-03-31T14:59:59.000Z");
  });

  it("handles the last day of the year and leap days", () => {
    expect(endOfDayInTokyo("2024-12-31").toISOString()).toBe("2024-12-31T14:59:59.000Z");
    expect(endOfDayInTokyo("2024-02-29").toISOString()).toBe("2024-02-29T14:59:59.000Z");
  });
});

describe("addThirtyDays", () => {
  it("adds 30 calendar days across month and year ends", () => {
    expect(formatIsoDate(addThirtyDays("2025-01-15"))).toBe("2025-02-14");
    expect(formatIsoDate(addThirtyDays("2025-12-15"))).toBe("2026-01-14");
    expect(formatIsoDate(addThirtyDays("2024-02-01"))).toBe("2024-03-02");
  });

  it("keeps the time of day of an instant", () => {
    expect(addThirtyDays("2025-04-01T03:04:05Z").toISOString()).toBe("2025-05-01T03:04:05.000Z");
  });
});

describe("date formats", () => {
  const instant = "2025-04-01T00:30:00Z"; // 09:30 on 1 April in Tokyo

  it("formats YYYY/MM/DD and YY/MM/DD", () => {
    expect(formatSlashDate(instant)).toBe("2025/04/01");
    expect(formatSlashDate(instant, { shortYear: true })).toBe("25/04/01");
  });

  it("formats YYYY-MM-DD and YYYY年M月D日 without zero padding in the Japanese form", () => {
    expect(formatIsoDate(instant)).toBe("2025-04-01");
    expect(formatJapaneseDate(instant)).toBe("2025年4月1日");
    expect(formatJapaneseDate("2025-12-25")).toBe("2025年12月25日");
  });

  it("shows instants in Tokyo time whatever the UTC date", () => {
    expect(formatSlashDate("2025-03-31T15:00:00Z")).toBe("2025/04/01");
    expect(formatSlashDate("2025-03-31T14:59:59Z")).toBe("2025/03/31");
    expect(formatDateTime("2025-03-31T15:05:00Z")).toBe("2025/04/01 00:05");
  });

  it("gives an empty string for missing or invalid input", () => {
    expect(formatSlashDate(null)).toBe("");
    expect(formatIsoDate(undefined)).toBe("");
    expect(formatJapaneseDate("2025-02-30")).toBe("");
  });
});

describe("和暦 (a workspace's date style)", () => {
  afterEach(() => setDateStyle("gregorian"));

  it("writes the era of the Tokyo day, 元年 for an era's first year", () => {
    const style = { style: "japanese" } as const;
    expect(formatJapaneseDate("2025-11-25", style)).toBe("令和7年11月25日");
    expect(formatJapaneseDate("2019-05-01", style)).toBe("令和元年5月1日");
    expect(formatJapaneseDate("2019-04-30", style)).toBe("平成31年4月30日");
    // 15:00 UTC on 30 April is already 1 May in Tokyo: the era follows Tokyo's day.
    expect(formatJapaneseDate("2019-04-30T15:00:00Z", style)).toBe("令和元年5月1日");
    expect(formatSlashDate("2025-04-01", style)).toBe("R7/04/01");
    expect(formatSlashDate("2025-04-01", { ...style, shortYear: true })).toBe("R7/04/01");
    expect(formatDateTime("2025-03-31T15:05:00Z", style)).toBe("R7/04/01 00:05");
    expect(formatYearMonth("2025-11-01", style)).toBe("令和7年11月");
  });

  it("follows the current workspace's choice, and keeps machine formats 西暦", () => {
    expect(formatJapaneseDate("2025-11-25")).toBe("2025年11月25日");
    expect(formatYearMonth("2025-11-25")).toBe("2025年11月");
    setDateStyle("japanese");
    expect(getDateStyle()).toBe("japanese");
    expect(formatJapaneseDate("2025-11-25")).toBe("令和7年11月25日");
    expect(formatSlashDate("2025-11-25T00:00:00Z")).toBe("R7/11/25");
    expect(formatDateTime("2025-11-25T00:00:00Z")).toBe("R7/11/25 09:00");
    expect(formatJapaneseDate("2025-11-25", { style: "gregorian" })).toBe("2025年11月25日");
    expect(formatIsoDate("2025-11-25T00:00:00Z")).toBe("2025-11-25");
    expect(fileDateStamp("2025-11-25T00:00:00Z")).toBe("20251125");
    expect(formatMonthDay("2025-11-25", { kanji: true })).toBe("11月25日");
    expect(formatJapaneseDate(null)).toBe("");
  });
});

describe("weekdayColor", () => {
  it("colours 土 blue and 日 and days off red, as Japanese calendars do", () => {
    expect(weekdayColor(6)).toBe("info.main");
    expect(weekdayColor(0)).toBe("error.main");
    expect(weekdayColor(6, true)).toBe("error.main");
    expect(weekdayColor(3, true)).toBe("error.main");
    expect(weekdayColor(3)).toBeUndefined();
  });
});

describe("weekday labels", () => {
  it("are the single characters 日月火水木金土, Sunday first", () => {
    expect(WEEKDAY_LABELS.join("")).toBe("日月火水木金土");
  });

  it("label the Tokyo day of a date", () => {
    expect(weekdayLabel("2025-04-01")).toBe("火");
    expect(weekdayLabel("2025-04-06")).toBe("日");
    expect(weekdayLabel("2025-04-05T15:30:00Z")).toBe("日"); // Sunday 00:30 in Tokyo
  });
});

describe("ALL_PERIOD", () => {
  it("runs from 1900-01-01 to 2200-12-31 and is labelled 全期間", () => {
    expect(ALL_PERIOD).toEqual({ label: "全期間", from: "1900-01-01", to: "2200-12-31" });
    expect(isAllPeriod({ from: "1900-01-01", to: "2200-12-31" })).toBe(true);
    expect(isAllPeriod({ from: "2025-01-01", to: "2200-12-31" })).toBe(false);
  });
});
