import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { holidayJpCalendar } from "../../lib/holiday-calendar.ts";
import { previewPeriodicRule } from "./periodic-preview.service.ts";

const rule = (input: object): RecurrenceRule => recurrenceRuleSchema.parse(input);
const dates = (preview: { occurrences: { date: string }[] }) => preview.occurrences.map((o) => o.date);

describe("previewPeriodicRule", () => {
  it("lists from `from` inclusive and names the holiday a weekly skip dropped", () => {
    const preview = previewPeriodicRule(
      rule({ frequency: "weekly", weekdays: [1], start_date: "2027-01-01", holiday_handling: "skip" }),
      "2027-01-04",
      5,
      holidayJpCalendar,
    );
    expect(dates(preview)).toEqual(["2027-01-04", "2027-01-18", "2027-01-25", "2027-02-01", "2027-02-08"]);
    expect(preview.skipped).toEqual([{ date: "2027-01-11", holiday: "成人の日" }]);
  });

  it("names weekends (null) and each holiday of Golden Week a daily skip dropped, up to the last date listed", () => {
    const preview = previewPeriodicRule(
      rule({ frequency: "daily", start_date: "2027-04-28", holiday_handling: "skip" }),
      "2027-04-28",
      3,
      holidayJpCalendar,
    );
    expect(dates(preview)).toEqual(["2027-04-28", "2027-04-30", "2027-05-06"]);
    expect(preview.skipped).toEqual([
      { date: "2027-04-29", holiday: "昭和の日" },
      { date: "2027-05-01", holiday: null },
      { date: "2027-05-02", holiday: null },
      { date: "2027-05-03", holiday: "憲法記念日" },
      { date: "2027-05-04", holiday: "みどりの日" },
      { date: "2027-05-05", holiday: "こどもの日" },
    ]);
  });

  it("lists nothing skipped when holidays are kept or moved", () => {
    for (const handling of ["none", "previous_business_day", "next_business_day"]) {
      const preview = previewPeriodicRule(
        rule({ frequency: "weekly", weekdays: [1], start_date: "2027-01-01", holiday_handling: handling }),
        "2027-01-01",
        4,
        holidayJpCalendar,
      );
      expect(preview.skipped).toEqual([]);
      expect(preview.occurrences).toHaveLength(4);
    }
  });
});
