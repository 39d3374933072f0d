import { type RecurrenceRule, recurrenceRuleSchema } from "@tasuki/contract/task/recurrence.schema";
import { WEEKDAY_LABELS } from "../../lib/date.ts";

/** Listed Monday first, as the week is counted from Monday. */
const mondayFirst = (a: number, b: number) => ((a + 6) % 7) - ((b + 6) % 7);

/** A rule in a few characters for a list row: 毎週月, 毎週月水金, 2週ごと火, 毎月15日, 毎月第2火, 毎年4/1. */
export function shortRuleLabel(rule: RecurrenceRule): string {
  const n = rule.interval;
  switch (rule.frequency) {
    case "daily":
      return n === 1 ? "毎日" : `${n}日ごと`;
    case "weekly": {
      const days = [...rule.weekdays].sort(mondayFirst).map((day) => WEEKDAY_LABELS[day] ?? "");
      return `${n === 1 ? "毎週" : `${n}週ごと`}${days.join("")}`;
    }
    case "monthly": {
      const every = n === 1 ? "毎月" : `${n}か月ごと`;
      if (rule.nth_weekday) {
        const { n: nth, weekday } = rule.nth_weekday;
        return `${every}${nth === -1 ? "最終" : `第${nth}`}${WEEKDAY_LABELS[weekday] ?? ""}`;
      }
      return rule.day_of_month === 31 ? `${every}末日` : `${every}${rule.day_of_month}日`;
    }
    case "yearly":
      return `${n === 1 ? "毎年" : `${n}年ごと`}${rule.month}/${rule.day}`;
  }
}

/**
 * The label of a series row: 「毎週月・次回 12/7」. The rule comes from the series' template when it is listed;
 * without it (or an unreadable one) the label says 繰り返し.
 */
export function seriesLabel(rule: Record<string, unknown> | null, nextDate: string | null): string {
  const parsed = rule ? recurrenceRuleSchema.safeParse(rule) : null;
  const what = parsed?.success ? shortRuleLabel(parsed.data) : "繰り返し";
  if (!nextDate) return what;
  const [, month, day] = nextDate.split("-").map(Number);
  return `${what}・次回 ${month}/${day}`;
}
