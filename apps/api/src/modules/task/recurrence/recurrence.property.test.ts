import { addDays, fromDayNumber, toDayNumber, weekdayOf } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  holidayJpCalendar,
  isBusinessDay,
  withClosedDates,
  yearEndClosedDates,
} from "../../../lib/holiday-calendar.ts";
import { nextOccurrences, occurrences } from "./occurrences.ts";
import { type ExistingOccurrence, planRegeneration } from "./plan-regeneration.ts";

const calendar = withClosedDates(holidayJpCalendar, yearEndClosedDates(2024, 2032));
const FIRST = toDayNumber("2025-01-01");
const LAST = toDayNumber("2028-12-31");

const dateArb = (from = FIRST, to = LAST) => fc.integer({ min: from, max: to }).map(fromDayNumber);

const ruleArb: fc.Arbitrary<RecurrenceRule> = fc
  .record({
    shape: fc.oneof(
      fc.constant({ frequency: "daily" as const }),
      fc.record({
        frequency: fc.constant("weekly" as const),
        weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      }),
      fc.record({ frequency: fc.constant("monthly" as const), day_of_month: fc.integer({ min: 1, max: 31 }) }),
      fc.record({
        frequency: fc.constant("monthly" as const),
        nth_weekday: fc.record({
          n: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, -1 as const),
          weekday: fc.integer({ min: 0, max: 6 }),
        }),
      }),
      fc.record({
        frequency: fc.constant("yearly" as const),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
      }),
    ),
    interval: fc.integer({ min: 1, max: 4 }),
    start_date: dateArb(FIRST, toDayNumber("2026-12-31")),
    holiday_handling: fc.constantFrom("none", "skip", "previous_business_day", "next_business_day"),
    end: fc.oneof(
      fc.constant({ type: "never" as const }),
      fc.integer({ min: 1, max: 60 }).map((count) => ({ type: "count" as const, count })),
      fc.integer({ min: 0, max: 900 }).map((days) => ({ type: "until" as const, days })),
    ),
  })
  .map(({ shape, end, ...rest }) =>
    recurrenceRuleSchema.parse({
      ...shape,
      ...rest,
      end: end.type === "until" ? { type: "until", until: addDays(rest.start_date, end.days) } : end,
    }),
  );

const windowOf = (rule: RecurrenceRule) => ({ from: rule.start_date, to: "2028-12-31", calendar, limit: 10_000 });

describe("occurrences (properties)", () => {
  it("a parsed rule survives the JSON column unchanged", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        expect(recurrenceRuleSchema.parse(JSON.parse(JSON.stringify(rule)))).toEqual(rule);
      }),
    );
  });

  it("are ascending and unique", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        const dates = occurrences(rule, windowOf(rule));
        for (let i = 1; i < dates.length; i++) expect((dates[i - 1] ?? "") < (dates[i] ?? "")).toBe(true);
      }),
    );
  });

  it("are business days whenever holidays are handled", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        fc.pre(rule.holiday_handling !== "none");
        for (const date of occurrences(rule, windowOf(rule))) expect(isBusinessDay(date, calendar)).toBe(true);
      }),
    );
  });

  it("never exceed the count", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        fc.pre(rule.end.type === "count");
        const count = rule.end.type === "count" ? rule.end.count : 0;
        expect(occurrences(rule, { from: "2024-01-01", to: "2030-12-31", calendar }).length).toBeLessThanOrEqual(count);
      }),
    );
  });

  it("without holiday handling follow the rule exactly, within start and until", () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        fc.pre(rule.holiday_handling === "none");
        for (const date of occurrences(rule, windowOf(rule))) {
          expect(date >= rule.start_date).toBe(true);
          if (rule.end.type === "until") expect(date <= rule.end.until).toBe(true);
          if (rule.frequency === "weekly") expect(rule.weekdays).toContain(weekdayOf(date));
          if (rule.frequency === "yearly")
            expect(date.slice(5)).toBe(`${String(rule.month).padStart(2, "0")}-${String(rule.day).padStart(2, "0")}`);
          if (rule.frequency === "monthly" && rule.day_of_month !== null && rule.day_of_month <= 28) {
            expect(Number(date.slice(8))).toBe(rule.day_of_month);
          }
        }
      }),
    );
  });

  it("holiday handling is the raw series with each date kept, dropped or moved to the nearest business day", () => {
    const nearest = (date: string, step: number) => {
      let day = date;
      while (!isBusinessDay(day, calendar)) day = addDays(day, step);
      return day;
    };
    fc.assert(
      fc.property(ruleArb, (rule) => {
        fc.pre(rule.holiday_handling !== "none");
        // Wide enough on both sides that every move into or out of 2026 is seen.
        const window = { from: "2026-01-01", to: "2026-12-31", calendar, limit: 10_000 };
        const raw = occurrences(
          { ...rule, holiday_handling: "none" },
          { ...window, from: "2025-11-01", to: "2027-02-28" },
        );
        const model =
          rule.holiday_handling === "skip"
            ? raw.filter((date) => isBusinessDay(date, calendar))
            : raw.map((date) => nearest(date, rule.holiday_handling === "next_business_day" ? 1 : -1));
        const expected = [...new Set(model)].filter((date) => date >= window.from && date <= window.to);
        expect(occurrences(rule, window)).toEqual(expected);
      }),
    );
  });

  it("a window split in two gives the same dates as the whole window", () => {
    fc.assert(
      fc.property(ruleArb, dateArb(), (rule, split) => {
        // Above the default limit of 1000: five weekdays over four years is ~1,040 dates.
        const window = { calendar, limit: 10_000 };
        const whole = occurrences(rule, { ...window, from: "2025-01-01", to: "2028-12-31" });
        const left = occurrences(rule, { ...window, from: "2025-01-01", to: split });
        const right = occurrences(rule, { ...window, from: addDays(split, 1), to: "2028-12-31" });
        expect([...left, ...right]).toEqual(whole);
      }),
    );
  });

  it("nextOccurrences agrees with occurrences", () => {
    fc.assert(
      fc.property(ruleArb, dateArb(), fc.integer({ min: 1, max: 10 }), (rule, after, n) => {
        const next = nextOccurrences(rule, after, n, calendar);
        const window = occurrences(rule, { from: addDays(after, 1), to: "2200-12-31", calendar, limit: n });
        expect(next).toEqual(window);
      }),
    );
  });
});

describe("planRegeneration (properties)", () => {
  const existingArb = fc.array(
    fc.record({ date: dateArb(toDayNumber("2026-01-01"), toDayNumber("2026-12-31")), touched: fc.boolean() }),
    { maxLength: 30 },
  );

  it("never changes touched or past rows, and planning again does nothing", () => {
    fc.assert(
      fc.property(
        ruleArb,
        ruleArb,
        existingArb,
        dateArb(toDayNumber("2026-01-01"), toDayNumber("2026-12-31")),
        fc.integer({ min: 0, max: 120 }),
        (oldRule, newRule, rows, today, horizonDays) => {
          const existing: ExistingOccurrence[] = rows.map((row, index) => ({ ...row, id: `row-${index}` }));
          const input = { oldRule, newRule, today, horizonDays, calendar };
          const plan = planRegeneration({ ...input, existing });
          const deleted = new Set(plan.delete);
          for (const row of existing) {
            if (row.touched || row.date < today) expect(deleted.has(row.id)).toBe(false);
          }
          for (const date of plan.create) {
            expect(date >= today && date <= addDays(today, horizonDays)).toBe(true);
          }
          const after: ExistingOccurrence[] = [
            ...existing.filter((row) => !deleted.has(row.id)),
            ...plan.create.map((date) => ({ date, touched: false, id: `new-${date}` })),
          ];
          const again = planRegeneration({ ...input, existing: after });
          expect(again.create).toEqual([]);
          expect(again.delete).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
