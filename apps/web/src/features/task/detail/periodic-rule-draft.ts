import {
  type HolidayHandling,
  type RecurrenceFrequency,
  type RecurrenceRule,
  recurrenceRuleSchema,
  type Weekday,
} from "@tasuki/contract/task/recurrence.schema";

/**
 * The rule editor's form state. Every frequency's fields are kept at once, so switching 毎週 → 毎月 → 毎週
 * keeps the chosen weekdays; numbers stay text while typed (an empty box is not 0). `draftToRule` turns it
 * into the API's rule (`recurrenceRuleSchema`) and `validateRuleDraft` checks it with the same schema as the
 * server, so the messages are the server's Japanese ones.
 */
export interface RuleDraft {
  frequency: RecurrenceFrequency;
  interval: string;
  start_date: string;
  weekdays: Weekday[];
  monthly_mode: "day_of_month" | "nth_weekday";
  day_of_month: string;
  nth: 1 | 2 | 3 | 4 | -1;
  nth_weekday: Weekday;
  month: string;
  day: string;
  end_type: "never" | "until" | "count";
  until: string;
  count: string;
  holiday_handling: HolidayHandling;
  /** "HH:MM", or "" for the end of the day (23:59:59). */
  time_of_day: string;
  duration_days: string;
}

/** Draft fields an error can be shown under. */
export type RuleDraftField =
  | "interval"
  | "start_date"
  | "weekdays"
  | "day_of_month"
  | "nth"
  | "month"
  | "day"
  | "until"
  | "count"
  | "time_of_day"
  | "duration_days"
  | "rule";

export const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  daily: "毎日",
  weekly: "毎週",
  monthly: "毎月",
  yearly: "毎年",
};

/** The unit after 「N」 in 「N週ごと」. */
export const INTERVAL_UNITS: Record<RecurrenceFrequency, string> = {
  daily: "日ごと",
  weekly: "週ごと",
  monthly: "か月ごと",
  yearly: "年ごと",
};

export const HOLIDAY_HANDLING_LABELS: Record<HolidayHandling, string> = {
  none: "そのまま",
  skip: "スキップ",
  previous_business_day: "前営業日",
  next_business_day: "翌営業日",
};

export const HOLIDAY_HANDLING_ORDER: HolidayHandling[] = ["none", "skip", "previous_business_day", "next_business_day"];

/** The business week: Monday first (decision 0007), Sunday last. */
export const WEEKDAY_ORDER: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export const NTH_LABELS: Record<RuleDraft["nth"], string> = { 1: "第1", 2: "第2", 3: "第3", 4: "第4", [-1]: "最終" };
export const NTH_ORDER: RuleDraft["nth"][] = [1, 2, 3, 4, -1];

/** The weekday (0 = 日) of a YYYY-MM-DD calendar date, whatever the browser's zone. */
export function weekdayOfDate(date: string): Weekday {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay() as Weekday;
}

/** A new rule starting on `startDate`: weekly on that day, holidays as they are. */
export function defaultRuleDraft(startDate: string): RuleDraft {
  const [, month, day] = startDate.split("-").map(Number);
  const weekday = weekdayOfDate(startDate);
  return {
    frequency: "weekly",
    interval: "1",
    start_date: startDate,
    weekdays: [weekday],
    monthly_mode: "day_of_month",
    day_of_month: String(day),
    nth: Math.min(Math.ceil(day! / 7), 4) as RuleDraft["nth"],
    nth_weekday: weekday,
    month: String(month),
    day: String(day),
    end_type: "never",
    until: "",
    count: "10",
    holiday_handling: "none",
    time_of_day: "",
    duration_days: "0",
  };
}

/** The draft of a saved rule (a task's `periodic_rule`), with the other frequencies' fields from its start. */
export function ruleToDraft(rule: RecurrenceRule): RuleDraft {
  const base = defaultRuleDraft(rule.start_date);
  const draft: RuleDraft = {
    ...base,
    frequency: rule.frequency,
    interval: String(rule.interval),
    end_type: rule.end.type,
    until: rule.end.type === "until" ? rule.end.until : "",
    count: rule.end.type === "count" ? String(rule.end.count) : base.count,
    holiday_handling: rule.holiday_handling,
    time_of_day: rule.time_of_day?.slice(0, 5) ?? "",
    duration_days: String(rule.duration_days),
  };
  if (rule.frequency === "weekly") draft.weekdays = [...rule.weekdays];
  if (rule.frequency === "monthly") {
    if (rule.nth_weekday) {
      draft.monthly_mode = "nth_weekday";
      draft.nth = rule.nth_weekday.n;
      draft.nth_weekday = rule.nth_weekday.weekday;
    } else {
      draft.monthly_mode = "day_of_month";
      draft.day_of_month = String(rule.day_of_month);
    }
  }
  if (rule.frequency === "yearly") {
    draft.month = String(rule.month);
    draft.day = String(rule.day);
  }
  return draft;
}

/** A task's stored rule as a draft, or null when it has none or it does not parse. */
export function storedRuleToDraft(stored: Record<string, unknown> | null | undefined): RuleDraft | null {
  if (!stored) return null;
  const parsed = recurrenceRuleSchema.safeParse(stored);
  return parsed.success ? ruleToDraft(parsed.data) : null;
}

/** A whole number typed in a box; anything else is NaN, which the schema answers in Japanese. */
const integer = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The body of `rule` as the API takes it (unchecked: pass it through `validateRuleDraft`). */
export function draftToRule(draft: RuleDraft): Record<string, unknown> {
  const end =
    draft.end_type === "until"
      ? { type: "until", until: draft.until }
      : draft.end_type === "count"
        ? { type: "count", count: integer(draft.count) }
        : { type: "never" };
  const common = {
    frequency: draft.frequency,
    interval: integer(draft.interval),
    start_date: draft.start_date,
    end,
    holiday_handling: draft.holiday_handling,
    time_of_day: draft.time_of_day === "" ? null : draft.time_of_day,
    duration_days: integer(draft.duration_days),
  };
  switch (draft.frequency) {
    case "daily":
      return common;
    case "weekly":
      return { ...common, weekdays: [...draft.weekdays].sort((a, b) => a - b) };
    case "monthly":
      return draft.monthly_mode === "day_of_month"
        ? { ...common, day_of_month: integer(draft.day_of_month), nth_weekday: null }
        : { ...common, day_of_month: null, nth_weekday: { n: draft.nth, weekday: draft.nth_weekday } };
    case "yearly":
      return { ...common, month: integer(draft.month), day: integer(draft.day) };
  }
}

const FIELD_OF_PATH: Record<string, RuleDraftField> = {
  interval: "interval",
  start_date: "start_date",
  weekdays: "weekdays",
  day_of_month: "day_of_month",
  nth_weekday: "nth",
  month: "month",
  day: "day",
  "end.until": "until",
  "end.count": "count",
  time_of_day: "time_of_day",
  duration_days: "duration_days",
};

export type RuleDraftResult =
  | { ok: true; rule: RecurrenceRule; errors: Partial<Record<RuleDraftField, string>> }
  | { ok: false; rule: null; errors: Partial<Record<RuleDraftField, string>> };

/** The rule the draft means, or the schema's Japanese message under each field that is wrong. */
export function validateRuleDraft(draft: RuleDraft): RuleDraftResult {
  const parsed = recurrenceRuleSchema.safeParse(draftToRule(draft));
  if (parsed.success) return { ok: true, rule: parsed.data, errors: {} };
  const errors: Partial<Record<RuleDraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.filter((part) => typeof part === "string").join(".");
    const field = FIELD_OF_PATH[key] ?? FIELD_OF_PATH[key.split(".")[0] ?? ""] ?? "rule";
    errors[field] ??= issue.message;
  }
  return { ok: false, rule: null, errors };
}
