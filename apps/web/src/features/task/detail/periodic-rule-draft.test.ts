import { describe, expect, it } from "vitest";
import {
  defaultRuleDraft,
  draftToRule,
  ruleToDraft,
  storedRuleToDraft,
  validateRuleDraft,
} from "./periodic-rule-draft.ts";

describe("periodic rule draft", () => {
  it("starts weekly on the start date's weekday, holidays as they are", () => {
    // 2027-01-04 is a Monday.
    const result = validateRuleDraft(defaultRuleDraft("2027-01-04"));
    expect(result.rule).toEqual({
      frequency: "weekly",
      interval: 1,
      start_date: "2027-01-04",
      weekdays: [1],
      end: { type: "never" },
      holiday_handling: "none",
      time_of_day: null,
      duration_days: 0,
    });
  });

  it("turns each frequency into the API's rule and back", () => {
    const base = defaultRuleDraft("2027-03-15");
    const rules = [
      { ...base, frequency: "daily" as const, interval: "3", end_type: "count" as const, count: "5" },
      { ...base, weekdays: [5, 1, 3] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[], holiday_handling: "skip" as const },
      {
        ...base,
        frequency: "monthly" as const,
        monthly_mode: "nth_weekday" as const,
        nth: -1 as const,
        nth_weekday: 5 as const,
      },
      { ...base, frequency: "monthly" as const, day_of_month: "31", end_type: "until" as const, until: "2027-12-31" },
      { ...base, frequency: "yearly" as const, month: "2", day: "29", time_of_day: "10:30", duration_days: "2" },
    ];
    for (const draft of rules) {
      const result = validateRuleDraft(draft);
      expect(result.ok, JSON.stringify(result.errors)).toBe(true);
      expect(validateRuleDraft(ruleToDraft(result.rule!)).rule).toEqual(result.rule);
    }
    expect(draftToRule(rules[1]!)).toMatchObject({ weekdays: [1, 3, 5] });
    expect(validateRuleDraft(rules[2]!).rule).toMatchObject({ day_of_month: null, nth_weekday: { n: -1, weekday: 5 } });
    expect(validateRuleDraft(rules[4]!).rule).toMatchObject({ month: 2, day: 29, time_of_day: "10:30" });
  });

  it("names the wrong fields with the schema's Japanese messages", () => {
    const base = defaultRuleDraft("2027-03-15");
    const result = validateRuleDraft({ ...base, interval: "", weekdays: [], end_type: "until", until: "2027-01-01" });
    expect(result.ok).toBe(false);
    expect(result.errors.interval).toBe("間隔は整数で入力してください");
    expect(result.errors.weekdays).toBe("曜日を1つ以上選んでください");
    const until = validateRuleDraft({ ...base, end_type: "until", until: "2027-01-01" });
    expect(until.errors.until).toBe("終了日は開始日以降の日付を指定してください");
    const yearly = validateRuleDraft({ ...base, frequency: "yearly", month: "4", day: "31" });
    expect(yearly.errors.day).toBe("存在しない日付です");
    const count = validateRuleDraft({ ...base, end_type: "count", count: "0" });
    expect(count.errors.count).toBe("回数は1以上で入力してください");
  });

  it("reads a task's stored rule, and nothing from a missing or broken one", () => {
    const stored = { frequency: "weekly", weekdays: [1], start_date: "2027-01-04", holiday_handling: "skip" };
    expect(storedRuleToDraft(stored)).toMatchObject({ frequency: "weekly", weekdays: [1], holiday_handling: "skip" });
    expect(storedRuleToDraft(null)).toBeNull();
    expect(storedRuleToDraft({ frequency: "hourly" })).toBeNull();
  });
});
