import { recurrencePreviewSchema, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const messages = (input: unknown) => recurrenceRuleSchema.safeParse(input).error?.issues.map((issue) => issue.message);

describe("recurrenceRuleSchema", () => {
  it("fills the defaults", () => {
    expect(recurrenceRuleSchema.parse({ frequency: "daily", start_date: "2026-01-01" })).toEqual({
      frequency: "daily",
      interval: 1,
      start_date: "2026-01-01",
      end: { type: "never" },
      holiday_handling: "none",
      time_of_day: null,
      duration_days: 0,
    });
  });

  it("answers bad input in Japanese", () => {
    expect(messages({ frequency: "weekly", start_date: "2026-01-01", weekdays: [] })).toEqual([
      "曜日を1つ以上選んでください",
    ]);
    expect(messages({ frequency: "weekly", start_date: "2026-01-01", weekdays: [7] })).toEqual([
      "曜日は0（日）から6（土）の数値で指定してください",
    ]);
    expect(messages({ frequency: "monthly", start_date: "2026-01-01" })).toEqual([
      "毎月の指定は「日付」か「第N曜日」のどちらか一方を選んでください",
    ]);
    expect(
      messages({ frequency: "monthly", start_date: "2026-01-01", day_of_month: 3, nth_weekday: { n: 1, weekday: 1 } }),
    ).toEqual(["毎月の指定は「日付」か「第N曜日」のどちらか一方を選んでください"]);
    expect(messages({ frequency: "monthly", start_date: "2026-01-01", nth_weekday: { n: 5, weekday: 1 } })).toEqual([
      "第何週かは1〜4、または最終（-1）で指定してください",
    ]);
    expect(messages({ frequency: "yearly", start_date: "2026-01-01", month: 4, day: 31 })).toEqual([
      "存在しない日付です",
    ]);
    expect(messages({ frequency: "daily", start_date: "2026-01-01", interval: 0 })).toEqual([
      "間隔は1以上で入力してください",
    ]);
    expect(messages({ frequency: "daily", start_date: "2026/01/01" })).toEqual([
      "日付はYYYY-MM-DD形式で入力してください",
    ]);
    expect(
      messages({ frequency: "daily", start_date: "2026-01-01", end: { type: "until", until: "2025-12-31" } }),
    ).toEqual(["終了日は開始日以降の日付を指定してください"]);
    expect(messages({ frequency: "daily", start_date: "2026-01-01", time_of_day: "24:00" })).toEqual([
      "時刻はHH:MM形式で入力してください",
    ]);
    expect(messages({ frequency: "hourly", start_date: "2026-01-01" })).toEqual([
      "繰り返しの種類は daily / weekly / monthly / yearly のいずれかです",
    ]);
  });

  it("accepts 2月29日 for a yearly rule", () => {
    expect(
      recurrenceRuleSchema.safeParse({ frequency: "yearly", start_date: "2026-01-01", month: 2, day: 29 }).success,
    ).toBe(true);
  });

  it("turns into JSON Schema for the OpenAPI document, in and out", () => {
    for (const io of ["input", "output"] as const) {
      const schema = z.toJSONSchema(recurrenceRuleSchema, { io });
      expect(JSON.stringify(schema)).toContain("RecurrenceRule");
    }
    expect(() => z.toJSONSchema(recurrencePreviewSchema)).not.toThrow();
  });
});
