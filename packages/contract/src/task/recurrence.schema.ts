import { z } from "zod";

/**
 * The recurrence rule of a periodic task (or meeting). Dates are Asia/Tokyo calendar dates (YYYY-MM-DD);
 * the rule never holds an instant, so it means the same thing on every server.
 * Decisions (month-end, Feb 29, holiday moves, count) are in docs/decisions/0007-recurrence.md.
 */

const MIN_DATE = "1900-01-01";
const MAX_DATE = "2200-12-31";

export const recurrenceDateSchema = z.iso
  .date({ error: "日付はYYYY-MM-DD形式で入力してください" })
  .refine((value) => value >= MIN_DATE && value <= MAX_DATE, {
    error: "日付は1900年1月1日から2200年12月31日の間で指定してください",
  });

/** 0 = 日曜日 … 6 = 土曜日, as `Date#getDay` and the weekday labels 日 月 火 水 木 金 土. */
export const weekdaySchema = z
  .int({ error: "曜日は0（日）から6（土）の数値で指定してください" })
  .min(0, { error: "曜日は0（日）から6（土）の数値で指定してください" })
  .max(6, { error: "曜日は0（日）から6（土）の数値で指定してください" });
export type Weekday = z.infer<typeof weekdaySchema>;

export const holidayHandlingSchema = z.enum(["none", "skip", "previous_business_day", "next_business_day"], {
  error: "祝日の扱いは none / skip / previous_business_day / next_business_day のいずれかです",
});
export type HolidayHandling = z.infer<typeof holidayHandlingSchema>;

export const recurrenceEndSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("never") }),
    z.strictObject({ type: z.literal("until"), until: recurrenceDateSchema }),
    z.strictObject({
      type: z.literal("count"),
      count: z
        .int({ error: "回数は整数で入力してください" })
        .min(1, { error: "回数は1以上で入力してください" })
        .max(1000, { error: "回数は1000以下で入力してください" }),
    }),
  ],
  { error: "終了条件は never / until / count のいずれかです" },
);
export type RecurrenceEnd = z.infer<typeof recurrenceEndSchema>;

export const nthWeekdaySchema = z.strictObject({
  /** 1–4, or -1 for the last such weekday of the month (a fifth one exists only some months). */
  n: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], {
    error: "第何週かは1〜4、または最終（-1）で指定してください",
  }),
  weekday: weekdaySchema,
});
export type NthWeekday = z.infer<typeof nthWeekdaySchema>;

const commonFields = {
  interval: z
    .int({ error: "間隔は整数で入力してください" })
    .min(1, { error: "間隔は1以上で入力してください" })
    .max(99, { error: "間隔は99以下で入力してください" })
    .default(1),
  start_date: recurrenceDateSchema,
  end: recurrenceEndSchema.default({ type: "never" }),
  holiday_handling: holidayHandlingSchema.default("none"),
  /** Time of the deadline, Asia/Tokyo; null means the end of the day (23:59:59). */
  time_of_day: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: "時刻はHH:MM形式で入力してください" })
    .nullable()
    .default(null),
  /** starts_at = deadline − duration_days (0: the task starts on the day of its deadline). */
  duration_days: z
    .int({ error: "期間（日数）は整数で入力してください" })
    .min(0, { error: "期間（日数）は0以上で入力してください" })
    .max(365, { error: "期間（日数）は365以下で入力してください" })
    .default(0),
};

const dailyRuleSchema = z.strictObject({ frequency: z.literal("daily"), ...commonFields });

const weeklyRuleSchema = z.strictObject({
  frequency: z.literal("weekly"),
  ...commonFields,
  weekdays: z
    .array(weekdaySchema)
    .min(1, { error: "曜日を1つ以上選んでください" })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: "同じ曜日が重複しています" }),
});

/** Exactly one of day_of_month or nth_weekday; the other is null or absent. */
const monthlyRuleSchema = z
  .strictObject({
    frequency: z.literal("monthly"),
    ...commonFields,
    /** 1–31; a month without that day uses its last day (31 → 2月28日/29日, 4月30日). */
    day_of_month: z
      .int({ error: "日は整数で入力してください" })
      .min(1, { error: "日は1〜31で入力してください" })
      .max(31, { error: "日は1〜31で入力してください" })
      .nullable()
      .default(null),
    nth_weekday: nthWeekdaySchema.nullable().default(null),
  })
  .refine((rule) => (rule.day_of_month === null) !== (rule.nth_weekday === null), {
    error: "毎月の指定は「日付」か「第N曜日」のどちらか一方を選んでください",
    path: ["day_of_month"],
  });

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const yearlyRuleSchema = z
  .strictObject({
    frequency: z.literal("yearly"),
    ...commonFields,
    month: z
      .int({ error: "月は整数で入力してください" })
      .min(1, { error: "月は1〜12で入力してください" })
      .max(12, { error: "月は1〜12で入力してください" }),
    /** 2月29日 is allowed: in common years the occurrence falls on 2月28日. */
    day: z
      .int({ error: "日は整数で入力してください" })
      .min(1, { error: "日は1〜31で入力してください" })
      .max(31, { error: "日は1〜31で入力してください" }),
  })
  .refine((rule) => rule.day <= (DAYS_IN_MONTH[rule.month - 1] ?? 31), {
    error: "存在しない日付です",
    path: ["day"],
  });

export const recurrenceRuleSchema = z
  .discriminatedUnion("frequency", [dailyRuleSchema, weeklyRuleSchema, monthlyRuleSchema, yearlyRuleSchema], {
    error: "繰り返しの種類は daily / weekly / monthly / yearly のいずれかです",
  })
  .refine((rule) => rule.end.type !== "until" || rule.end.until >= rule.start_date, {
    error: "終了日は開始日以降の日付を指定してください",
    path: ["end", "until"],
  })
  .meta({ id: "RecurrenceRule" });

/** A parsed rule (defaults filled in): what the recurrence library works on. */
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;
/** What a client may send: defaulted fields may be left out. */
export type RecurrenceRuleInput = z.input<typeof recurrenceRuleSchema>;
export type RecurrenceFrequency = RecurrenceRule["frequency"];

/** One upcoming occurrence as the rule editor's preview 「次回以降の予定」 shows it. */
export const recurrenceOccurrenceSchema = z
  .object({
    date: z.string(),
    expires_at: z.iso.datetime({ offset: true }),
    starts_at: z.iso.datetime({ offset: true }),
    /** The date the rule names, when holiday handling moved it (else null). */
    moved_from: z.string().nullable(),
    /** The holiday that moved it (null for a Saturday or Sunday, or when not moved). */
    moved_from_holiday: z.string().nullable(),
  })
  .meta({ id: "RecurrenceOccurrence" });
export type RecurrenceOccurrence = z.infer<typeof recurrenceOccurrenceSchema>;

export const recurrencePreviewSchema = z
  .object({
    /** e.g. 「毎週 月・水・金（祝日は翌営業日）」 */
    description: z.string(),
    occurrences: z.array(recurrenceOccurrenceSchema),
  })
  .meta({ id: "RecurrencePreview" });
export type RecurrencePreview = z.infer<typeof recurrencePreviewSchema>;
