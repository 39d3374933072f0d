import { describe, expect, it } from "vitest";
import { nextWorkingDay } from "./calendar.ts";

const none = new Map<string, string>();

describe("nextWorkingDay", () => {
  it("proposes the next weekday, never a Saturday or Sunday", () => {
    expect(nextWorkingDay("2026-11-24", none)).toBe("2026-11-25"); // Tue → Wed
    expect(nextWorkingDay("2026-11-27", none)).toBe("2026-11-30"); // Fri → Mon
    expect(nextWorkingDay("2026-11-28", none)).toBe("2026-11-30"); // Sat → Mon
    expect(nextWorkingDay("2026-11-29", none)).toBe("2026-11-30"); // Sun → Mon
  });

  it("skips public holidays and the workspace's closed days", () => {
    // Friday before 成人の日 (Monday 2027-01-11).
    expect(nextWorkingDay("2027-01-08", none)).toBe("2027-01-12");
    // 年末年始 closed 12/29–1/3 (1/1 is 元日 anyway).
    const yearEnd = new Map(["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-02"].map((d) => [d, "年末年始"]));
    expect(nextWorkingDay("2026-12-28", yearEnd)).toBe("2027-01-04");
  });
});
