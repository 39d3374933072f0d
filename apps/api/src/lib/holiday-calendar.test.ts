import { describe, expect, it } from "vitest";
import {
  createHolidayCalendar,
  holidayJpCalendar,
  isBusinessDay,
  withClosedDates,
  yearEndClosedDates,
} from "./holiday-calendar.ts";
import { holidaySeedRows } from "./holiday-seed.ts";

describe("holiday calendars", () => {
  it("knows the package's holidays by name, equinoxes and 振替休日 included", () => {
    expect(holidayJpCalendar.name("2027-01-11")).toBe("成人の日");
    expect(holidayJpCalendar.name("2026-09-23")).toBe("秋分の日");
    expect(holidayJpCalendar.name("2026-05-06")).toBe("こどもの日 振替休日");
    expect(holidayJpCalendar.isHoliday("2026-05-07")).toBe(false);
    expect(holidayJpCalendar.name("2026-05-07")).toBeNull();
  });

  it("business days exclude weekends, holidays and the workspace's closed days", () => {
    expect(isBusinessDay("2026-05-01", holidayJpCalendar)).toBe(true);
    expect(isBusinessDay("2026-05-02", holidayJpCalendar)).toBe(false);
    expect(isBusinessDay("2026-05-04", holidayJpCalendar)).toBe(false);
    const closed = withClosedDates(holidayJpCalendar, yearEndClosedDates(2026, 2026));
    expect(isBusinessDay("2026-12-29", holidayJpCalendar)).toBe(true);
    expect(isBusinessDay("2026-12-29", closed)).toBe(false);
    expect(closed.name("2026-12-29")).toBe("休業日");
    expect(closed.name("2026-01-01")).toBe("元日");
  });

  it("the seed rows build the same calendar as the package", () => {
    const rows = holidaySeedRows({ fromYear: 2026, toYear: 2027 });
    expect(rows).toHaveLength(35);
    expect(rows[0]).toEqual({ date: "2026-01-01", name: "元日" });
    const fromTable = createHolidayCalendar(rows);
    for (const row of rows) expect(fromTable.name(row.date)).toBe(holidayJpCalendar.name(row.date));
  });
});
