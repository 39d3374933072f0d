import { periodLastDay } from "@tasuki/contract/billing/plan.schema";
import { describe, expect, it } from "vitest";
import { bankBusinessDayFrom, tokyoDateLabel, transferDueDate } from "./billing-calendar.ts";

describe("billing calendar", () => {
  it("labels a Tokyo date and an instant alike, in Tokyo", () => {
    expect(tokyoDateLabel("2026-11-05")).toBe("2026年11月5日");
    expect(tokyoDateLabel("2026-11-30T15:00:00.000Z")).toBe("2026年12月1日");
    expect(tokyoDateLabel(new Date("2026-11-30T14:59:59.999Z"))).toBe("2026年11月30日");
    expect(() => tokyoDateLabel("2026-11")).toThrow(RangeError);
  });

  it("ends a period on the day before its end, so periods never share a day", () => {
    expect(periodLastDay(new Date("2027-01-02T01:00:00Z"))).toBe("2027-01-01");
    expect(periodLastDay("2027-01-01T15:00:00.000Z")).toBe("2027-01-01");
  });

  it("moves a transfer due on a bank holiday to the banks' next business day", () => {
    expect(bankBusinessDayFrom("2027-03-31")).toBe("2027-03-31"); // Wednesday
    expect(bankBusinessDayFrom("2027-01-31")).toBe("2027-02-01"); // Sunday → Monday
    expect(bankBusinessDayFrom("2026-10-31")).toBe("2026-11-02"); // Saturday → Monday
    expect(bankBusinessDayFrom("2026-12-31")).toBe("2027-01-04"); // 12/31–1/3 → Monday 1/4
    expect(bankBusinessDayFrom("2027-05-03")).toBe("2027-05-06"); // 憲法記念日, みどりの日, こどもの日
    expect(bankBusinessDayFrom("2027-09-20")).toBe("2027-09-21"); // 敬老の日 (a Monday)
    // Issued on 11/30 23:59 in Tokyo: the next month is December.
    expect(transferDueDate(new Date("2026-11-30T14:59:00Z"))).toBe("2027-01-04");
    expect(transferDueDate(new Date("2026-11-30T15:00:00Z"))).toBe("2027-02-01");
  });
});
