import { describe, expect, it } from "vitest";
import { formatIsoDate, setDateStyle, weekdayLabel } from "../../lib/date.ts";
import { tokyoDay } from "./tokyo-date.ts";

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
