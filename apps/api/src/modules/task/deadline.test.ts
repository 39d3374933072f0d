import { describe, expect, it } from "vitest";
import { deadlineCategory, instantOf } from "./deadline.ts";

// 2026-11-22 09:00 in Tokyo.
const now = new Date("2026-11-22T00:00:00Z");

describe("deadline category", () => {
  it("counts calendar days in Asia/Tokyo", () => {
    expect(deadlineCategory("none", instantOf("2026-11-21", true), now)).toBe("expiredDeadline");
    expect(deadlineCategory("none", new Date("2026-11-21T23:59:00Z"), now)).toBe("expiredDeadline");
    expect(deadlineCategory("none", instantOf("2026-11-22", true), now)).toBe("nowDeadline");
    expect(deadlineCategory("in_progress", instantOf("2026-11-23", true), now)).toBe("nearDeadline");
    expect(deadlineCategory("none", instantOf("2026-11-25", true), now)).toBe("nearDeadline");
    expect(deadlineCategory("none", instantOf("2026-11-26", true), now)).toBe("weekDeadline");
    expect(deadlineCategory("none", instantOf("2026-11-29", true), now)).toBe("weekDeadline");
    expect(deadlineCategory("none", instantOf("2026-11-30", true), now)).toBeNull();
    expect(deadlineCategory("none", null, now)).toBeNull();
  });

  it("gives done and closed tasks no category", () => {
    expect(deadlineCategory("done", instantOf("2026-11-01", true), now)).toBeNull();
    expect(deadlineCategory("closed", instantOf("2026-11-22", true), now)).toBeNull();
  });

  it("reads a date as 23:59:59 Asia/Tokyo for a deadline and 00:00 for a start", () => {
    expect(instantOf("2026-11-22", true).toISOString()).toBe("2026-11-22T14:59:59.000Z");
    expect(instantOf("2026-11-22", false).toISOString()).toBe("2026-11-21T15:00:00.000Z");
    expect(instantOf("2026-11-22T10:00:00+09:00", true).toISOString()).toBe("2026-11-22T01:00:00.000Z");
  });
});
