import { type RecurrenceRuleInput, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { describe, expect, it } from "vitest";
import { holidayJpCalendar as calendar } from "../../../lib/holiday-calendar.ts";
import { type ExistingOccurrence, planRegeneration, type RegenerationPlan } from "./plan-regeneration.ts";

const rule = (input: RecurrenceRuleInput) => recurrenceRuleSchema.parse(input);

/** What the job would leave after carrying out a plan; created rows are untouched. */
function apply(existing: ExistingOccurrence[], plan: RegenerationPlan): ExistingOccurrence[] {
  const gone = new Set(plan.delete);
  const kept = existing.filter((row) => !gone.has(row.id));
  return [...kept, ...plan.create.map((date) => ({ date, touched: false, id: `new-${date}` }))];
}

const mondays = rule({ frequency: "weekly", weekdays: [1], start_date: "2026-06-01", holiday_handling: "skip" });
const wednesdays = rule({ frequency: "weekly", weekdays: [3], start_date: "2026-06-01", holiday_handling: "skip" });

describe("planRegeneration", () => {
  it("first generation creates the occurrences up to the horizon, holidays skipped", () => {
    const plan = planRegeneration({
      oldRule: null,
      newRule: mondays,
      existing: [],
      today: "2026-07-01",
      horizonDays: 30,
      calendar,
    });
    // 7/20 is 海の日.
    expect(plan).toEqual({ delete: [], create: ["2026-07-06", "2026-07-13", "2026-07-27"], keep: [] });
  });

  it("editing the rule replaces untouched future rows and leaves touched and past ones", () => {
    const existing: ExistingOccurrence[] = [
      { id: "past", date: "2026-06-29", touched: false },
      { id: "touched", date: "2026-07-06", touched: true },
      { id: "untouched-1", date: "2026-07-13", touched: false },
      { id: "untouched-2", date: "2026-07-27", touched: false },
    ];
    const plan = planRegeneration({
      oldRule: mondays,
      newRule: wednesdays,
      existing,
      today: "2026-07-01",
      horizonDays: 30,
      calendar,
    });
    expect(plan.delete.sort()).toEqual(["untouched-1", "untouched-2"]);
    expect(plan.create).toEqual(["2026-07-01", "2026-07-08", "2026-07-15", "2026-07-22", "2026-07-29"]);
    expect(plan.keep).toEqual([
      { id: "past", date: "2026-06-29", reason: "past" },
      { id: "touched", date: "2026-07-06", reason: "touched" },
    ]);
  });

  it("is idempotent: planning again on the result creates and deletes nothing", () => {
    const existing: ExistingOccurrence[] = [
      { id: "touched", date: "2026-07-06", touched: true },
      { id: "untouched", date: "2026-07-13", touched: false },
    ];
    const input = { oldRule: mondays, newRule: wednesdays, today: "2026-07-01", horizonDays: 60, calendar };
    const first = planRegeneration({ ...input, existing });
    const second = planRegeneration({ ...input, existing: apply(existing, first) });
    expect(second.create).toEqual([]);
    expect(second.delete).toEqual([]);
  });

  it("an untouched twin of a touched row on the same date is the one deleted", () => {
    const plan = planRegeneration({
      oldRule: mondays,
      newRule: mondays,
      existing: [
        { id: "untouched", date: "2026-07-06", touched: false },
        { id: "touched", date: "2026-07-06", touched: true },
      ],
      today: "2026-07-01",
      horizonDays: 7,
      calendar,
    });
    expect(plan.delete).toEqual(["untouched"]);
    expect(plan.create).toEqual([]);
  });

  it("a rule removed deletes only the untouched future rows", () => {
    const plan = planRegeneration({
      oldRule: mondays,
      newRule: null,
      existing: [
        { id: "past", date: "2026-06-29", touched: false },
        { id: "today", date: "2026-07-06", touched: false },
        { id: "touched", date: "2026-07-13", touched: true },
      ],
      today: "2026-07-06",
      horizonDays: 30,
      calendar,
    });
    expect(plan.delete).toEqual(["today"]);
    expect(plan.create).toEqual([]);
  });

  it("rows beyond the horizon that still fit are kept, not deleted", () => {
    const plan = planRegeneration({
      oldRule: mondays,
      newRule: mondays,
      existing: [
        { id: "far", date: "2026-08-03", touched: false },
        { id: "wrong-day", date: "2026-08-04", touched: false },
      ],
      today: "2026-07-01",
      horizonDays: 7,
      calendar,
    });
    expect(plan.keep).toEqual([{ id: "far", date: "2026-08-03", reason: "fits" }]);
    expect(plan.delete).toEqual(["wrong-day"]);
    expect(plan.create).toEqual(["2026-07-06"]);
  });

  it("a counted series is not extended by the dates users deleted", () => {
    const three = rule({ frequency: "daily", start_date: "2026-07-01", end: { type: "count", count: 3 } });
    const plan = planRegeneration({
      oldRule: three,
      newRule: three,
      existing: [{ id: "deleted", date: "2026-07-02", touched: true }],
      today: "2026-07-01",
      horizonDays: 30,
      calendar,
    });
    expect(plan.create).toEqual(["2026-07-01", "2026-07-03"]);
  });
});
