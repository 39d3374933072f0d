import { describe, expect, it } from "vitest";
import { ganttPatch, moveDeadlinePatch, shiftInstant, storedInstant } from "./date-moves.ts";

// 2026-12-07 23:59:59 and 2026-12-07 15:00 in Tokyo.
const endOfDec7 = "2026-12-07T14:59:59.000Z";
const dec7At15 = "2026-12-07T06:00:00.000Z";
const startOfDec1 = "2026-11-30T15:00:00.000Z";

describe("shiftInstant", () => {
  it("keeps a bare deadline bare and a time its time", () => {
    expect(shiftInstant(endOfDec7, 3, "deadline")).toBe("2026-12-10");
    expect(shiftInstant(dec7At15, -7, "deadline")).toBe("2026-11-30T15:00:00+09:00");
    expect(shiftInstant(startOfDec1, 1, "start")).toBe("2026-12-02");
  });

  it("shows what the server will store", () => {
    expect(storedInstant("2026-12-10", "deadline")).toBe("2026-12-10T14:59:59.000Z");
    expect(storedInstant("2026-12-10", "start")).toBe("2026-12-09T15:00:00.000Z");
    expect(storedInstant("2026-11-30T15:00:00+09:00", "deadline")).toBe("2026-11-30T06:00:00.000Z");
  });
});

describe("moveDeadlinePatch", () => {
  it("moves the deadline, and the start only when it would fall after the new deadline", () => {
    expect(moveDeadlinePatch({ starts_at: startOfDec1, expires_at: endOfDec7 }, "2026-12-03")).toEqual({
      expires_at: "2026-12-03",
    });
    expect(moveDeadlinePatch({ starts_at: startOfDec1, expires_at: endOfDec7 }, "2026-11-28")).toEqual({
      expires_at: "2026-11-28",
      starts_at: "2026-11-22",
    });
  });

  it("does nothing on the same day or without a deadline", () => {
    expect(moveDeadlinePatch({ starts_at: null, expires_at: endOfDec7 }, "2026-12-07")).toBeNull();
    expect(moveDeadlinePatch({ starts_at: startOfDec1, expires_at: null }, "2026-12-07")).toBeNull();
  });
});

describe("ganttPatch", () => {
  const task = { starts_at: startOfDec1, expires_at: endOfDec7 };
  const bar = { start: "2026-12-01", end: "2026-12-07" };

  it("moves both ends", () => {
    expect(ganttPatch(task, bar, "move", 2)).toEqual({ starts_at: "2026-12-03", expires_at: "2026-12-09" });
  });

  it("stretches one end, never past the other", () => {
    expect(ganttPatch(task, bar, "end", 3)).toEqual({ expires_at: "2026-12-10" });
    expect(ganttPatch(task, bar, "end", -30)).toEqual({ expires_at: "2026-12-01" });
    expect(ganttPatch(task, bar, "start", 30)).toEqual({ starts_at: "2026-12-07" });
  });

  it("gives a deadline-only task a start when its start is stretched", () => {
    const only = { starts_at: null, expires_at: endOfDec7 };
    expect(ganttPatch(only, { start: "2026-12-07", end: "2026-12-07" }, "start", -4)).toEqual({
      starts_at: "2026-12-03",
    });
    expect(ganttPatch(only, { start: "2026-12-07", end: "2026-12-07" }, "move", 0)).toBeNull();
  });
});
