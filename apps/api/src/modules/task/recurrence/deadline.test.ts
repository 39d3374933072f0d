import { describe, expect, it } from "vitest";
import { deadlineFor } from "./deadline.ts";

describe("deadlineFor", () => {
  it("defaults to 23:59:59 Asia/Tokyo, the instant DOMAIN.md gives a date deadline", () => {
    const { expires_at, starts_at } = deadlineFor("2026-05-07", { time_of_day: null, duration_days: 0 });
    expect(expires_at).toBe("2026-05-07T23:59:59+09:00");
    expect(starts_at).toBe(expires_at);
    expect(new Date(expires_at).toISOString()).toBe("2026-05-07T14:59:59.000Z");
  });

  it("uses the rule's time and subtracts whole days for starts_at, across a month end", () => {
    expect(deadlineFor("2026-03-02", { time_of_day: "10:30", duration_days: 3 })).toEqual({
      expires_at: "2026-03-02T10:30:00+09:00",
      starts_at: "2026-02-27T10:30:00+09:00",
    });
  });
});
