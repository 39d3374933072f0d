import { describe, expect, it } from "vitest";
import { seriesLabel } from "./series-label.ts";

const common = { interval: 1, start_date: "2026-01-05", end: { type: "never" }, holiday_handling: "none" };

describe("seriesLabel", () => {
  it("says the rule and the next date in a few characters", () => {
    expect(seriesLabel({ ...common, frequency: "weekly", weekdays: [1] }, "2026-12-07")).toBe("毎週月・次回 12/7");
    expect(seriesLabel({ ...common, frequency: "weekly", weekdays: [5, 1, 3] }, null)).toBe("毎週月水金");
    expect(seriesLabel({ ...common, frequency: "monthly", day_of_month: 31 }, "2026-01-31")).toBe(
      "毎月末日・次回 1/31",
    );
    expect(seriesLabel({ ...common, frequency: "monthly", nth_weekday: { n: 2, weekday: 2 } }, null)).toBe("毎月第2火");
    expect(seriesLabel({ ...common, interval: 2, frequency: "daily" }, null)).toBe("2日ごと");
  });

  it("falls back to 繰り返し without a readable rule", () => {
    expect(seriesLabel(null, "2026-12-07")).toBe("繰り返し・次回 12/7");
    expect(seriesLabel({ frequency: "weekly" }, null)).toBe("繰り返し");
  });
});
