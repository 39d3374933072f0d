import { deadlineOfDate, instantOfInput } from "@tasuki/contract/rules/tokyo-date";
import { describe, expect, it } from "vitest";
import { deadlineCategory } from "./deadline.ts";

// 2026-11-22 09:00 in Tokyo.
const now = new Date("2026-11-22T00:00:00Z");

describe("deadline category", () => {
  it("counts calendar days in Asia/Tokyo", () => {
    expect(deadlineCategory("none", deadlineOfDate("2026-11-21"), now)).toBe("expiredDeadline");
    expect(deadlineCategory("none", new Date("2026-11-21T23:59:00Z"), now)).toBe("expiredDeadline");
    expect(deadlineCategory("none", deadlineOfDate("2026-11-22"), now)).toBe("nowDeadline");
    expect(deadlineCategory("in_progress", deadlineOfDate("2026-11-23"), now)).toBe("nearDeadline");
    expect(deadlineCategory("none", deadlineOfDate("2026-11-25"), now)).toBe("nearDeadline");
    expect(deadlineCategory("none", deadlineOfDate("2026-11-26"), now)).toBe("weekDeadline");
    expect(deadlineCategory("none", deadlineOfDate("2026-11-29"), now)).toBe("weekDeadline");
    expect(deadlineCategory("none", deadlineOfDate("2026-11-30"), now)).toBeNull();
    expect(deadlineCategory("none", null, now)).toBeNull();
  });

  it("gives done and closed tasks no category", () => {
    expect(deadlineCategory("done", deadlineOfDate("2026-11-01"), now)).toBeNull();
    expect(deadlineCategory("closed", deadlineOfDate("2026-11-22"), now)).toBeNull();
  });

  it("reads a date as 23:59:59 Asia/Tokyo for a deadline and 00:00 for a start", () => {
    expect(deadlineOfDate("2026-11-22").toISOString()).toBe("2026-11-22T14:59:59.000Z");
    expect(instantOfInput("2026-11-22", false).toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(instantOfInput("2026-11-22T10:00:00+09:00", true).toISOString()).toBe("2026-11-22T01:00:00.000Z");
  });
});
