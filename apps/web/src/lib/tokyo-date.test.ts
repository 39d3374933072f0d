import { describe, expect, it } from "vitest";
import { formatIsoDate, setDateStyle, toTokyo, weekdayLabel } from "./date.ts";
import { tokyoDay, tokyoIsoDate, tokyoShortDeadline } from "./tokyo-date.ts";

describe("tokyoDay", () => {
  it("agrees with the time-zone aware helpers around midnight in Tokyo", () => {
    for (const instant of [
      "2026-03-31T14:59:59.000Z",
      "2026-03-31T15:00:00.000Z",
      "2024-02-28T15:00:00Z",
      "1999-12-31T23:00:00+09:00",
    ]) {
      expect(tokyoDay(instant)?.iso).toBe(formatIsoDate(instant));
      expect(tokyoDay(instant)?.weekday).toBe(weekdayLabel(instant));
    }
    expect(tokyoDay("2026-03-31T15:00:00.000Z")).toMatchObject({ slash: "2026/04/01", shortSlash: "26/04/01" });
    expect(tokyoDay("not a date")).toBeNull();
  });

  it("writes the task list's dates in 和暦 when the workspace chose it, and back", () => {
    setDateStyle("japanese");
    try {
      expect(tokyoDay("2026-03-31T15:00:00.000Z")).toMatchObject({
        iso: "2026-04-01",
        slash: "R8/04/01",
        shortSlash: "R8/04/01",
      });
    } finally {
      setDateStyle("gregorian");
    }
    expect(tokyoDay("2026-03-31T15:00:00.000Z")).toMatchObject({ slash: "2026/04/01" });
  });
});

describe("tokyoIsoDate and tokyoShortDeadline", () => {
  it("agree with the time-zone aware helpers, a 23:59:59 deadline being a bare date", () => {
    for (const instant of [
      "2026-03-31T14:59:59.000Z",
      "2026-03-31T15:00:00.000Z",
      "2026-12-07T06:00:00.000Z",
      "2026-12-07T14:59:59.000Z",
      "1999-12-31T23:00:00+09:00",
    ]) {
      const tokyo = toTokyo(instant);
      expect(tokyoIsoDate(instant)).toBe(tokyo.format("YYYY-MM-DD"));
      expect(tokyoShortDeadline(instant)).toBe(
        tokyo.format("HH:mm:ss") === "23:59:59" ? tokyo.format("M/D") : tokyo.format("M/D HH:mm"),
      );
    }
    expect(tokyoShortDeadline("2026-12-07T14:59:59.000Z")).toBe("12/7");
    expect(tokyoShortDeadline("2026-12-07T06:00:00.000Z")).toBe("12/7 15:00");
    expect(tokyoIsoDate("not a date")).toBeNull();
    expect(tokyoShortDeadline("not a date")).toBeNull();
  });
});
