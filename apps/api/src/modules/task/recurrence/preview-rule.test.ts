import { recurrencePreviewSchema, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { holidayJpCalendar } from "../../../lib/holiday-calendar.ts";
import { previewRule } from "./preview-rule.ts";

describe("previewRule", () => {
  it("shows the rule in words and where Golden Week moved an occurrence from", () => {
    const rule = recurrenceRuleSchema.parse({
      frequency: "weekly",
      weekdays: [1],
      start_date: "2026-04-01",
      holiday_handling: "next_business_day",
      time_of_day: "18:00",
      duration_days: 2,
    });
    const preview = previewRule(rule, "2026-04-26", 3, holidayJpCalendar);
    expect(recurrencePreviewSchema.parse(preview)).toEqual(preview);
    expect(preview).toEqual({
      description: "毎週 月曜日（祝日は翌営業日）",
      occurrences: [
        {
          date: "2026-04-27",
          moved_from: null,
          moved_from_holiday: null,
          expires_at: "2026-04-27T18:00:00+09:00",
          starts_at: "2026-04-25T18:00:00+09:00",
        },
        {
          date: "2026-05-07",
          moved_from: "2026-05-04",
          moved_from_holiday: "みどりの日",
          expires_at: "2026-05-07T18:00:00+09:00",
          starts_at: "2026-05-05T18:00:00+09:00",
        },
        {
          date: "2026-05-11",
          moved_from: null,
          moved_from_holiday: null,
          expires_at: "2026-05-11T18:00:00+09:00",
          starts_at: "2026-05-09T18:00:00+09:00",
        },
      ],
    });
  });
});
