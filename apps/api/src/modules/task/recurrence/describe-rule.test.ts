import { type RecurrenceRuleInput, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { describeRule } from "./describe-rule.ts";

/** Omit distributed over the union, so each frequency keeps its own fields. */
type WithoutStart<T> = T extends unknown ? Omit<T, "start_date"> : never;
const text = (input: WithoutStart<RecurrenceRuleInput>) =>
  describeRule(recurrenceRuleSchema.parse({ start_date: "2026-04-01", ...input }));

describe("describeRule", () => {
  it("weekly", () => {
    expect(text({ frequency: "weekly", weekdays: [5, 1, 3], holiday_handling: "next_business_day" })).toBe(
      "毎週 月・水・金（祝日は翌営業日）",
    );
    expect(text({ frequency: "weekly", interval: 2, weekdays: [1] })).toBe("2週間ごと 月曜日");
    expect(text({ frequency: "weekly", weekdays: [0, 6], holiday_handling: "skip" })).toBe(
      "毎週 土・日（土日祝はスキップ）",
    );
  });

  it("monthly", () => {
    expect(text({ frequency: "monthly", nth_weekday: { n: 2, weekday: 2 } })).toBe("毎月 第2火曜日");
    expect(text({ frequency: "monthly", nth_weekday: { n: -1, weekday: 5 } })).toBe("毎月 最終金曜日");
    expect(text({ frequency: "monthly", day_of_month: 31 })).toBe("毎月末日");
    expect(text({ frequency: "monthly", day_of_month: 25, holiday_handling: "previous_business_day" })).toBe(
      "毎月 25日（土日祝は前営業日）",
    );
    expect(text({ frequency: "monthly", interval: 3, day_of_month: 31 })).toBe("3か月ごと 末日");
  });

  it("daily and yearly", () => {
    expect(text({ frequency: "daily" })).toBe("毎日");
    expect(text({ frequency: "daily", interval: 3 })).toBe("3日ごと");
    expect(text({ frequency: "yearly", month: 4, day: 1 })).toBe("毎年 4月1日");
    expect(text({ frequency: "yearly", interval: 2, month: 2, day: 29 })).toBe("2年ごと 2月29日");
  });

  it("ends", () => {
    expect(text({ frequency: "weekly", weekdays: [1, 3, 5], end: { type: "until", until: "2027-03-31" } })).toBe(
      "毎週 月・水・金（2027年3月31日まで）",
    );
    expect(text({ frequency: "monthly", day_of_month: 1, end: { type: "count", count: 10 } })).toBe("毎月 1日（10回）");
    expect(
      text({
        frequency: "weekly",
        weekdays: [1],
        holiday_handling: "skip",
        end: { type: "count", count: 10 },
      }),
    ).toBe("毎週 月曜日（祝日はスキップ）（10回）");
  });
});
