import type { CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";

export const WEEKDAY_LABELS = ["日", "月", "火", "水", "木", "金", "土"] as const;

const label = (weekday: number) => WEEKDAY_LABELS[weekday] ?? "?";
/** Listed Monday first, as the week is counted from Monday. */
const mondayFirst = (a: number, b: number) => ((a + 6) % 7) - ((b + 6) % 7);

/** 2027-03-31 → 2027年3月31日 */
export function formatJapaneseDate(date: CalendarDate): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

function period(rule: RecurrenceRule): string {
  const n = rule.interval;
  switch (rule.frequency) {
    case "daily":
      return n === 1 ? "毎日" : `${n}日ごと`;
    case "weekly": {
      const days = [...rule.weekdays].sort(mondayFirst);
      const what = days.length === 1 ? `${label(days[0] ?? 1)}曜日` : days.map(label).join("・");
      return `${n === 1 ? "毎週" : `${n}週間ごと`} ${what}`;
    }
    case "monthly": {
      const every = n === 1 ? "毎月" : `${n}か月ごと`;
      if (rule.nth_weekday) {
        const { n: nth, weekday } = rule.nth_weekday;
        return `${every} ${nth === -1 ? "最終" : `第${nth}`}${label(weekday)}曜日`;
      }
      // 31 means the last day in every month (shorter months use their last day), hence 末日.
      if (rule.day_of_month === 31) return n === 1 ? "毎月末日" : `${every} 末日`;
      return `${every} ${rule.day_of_month}日`;
    }
    case "yearly":
      return `${n === 1 ? "毎年" : `${n}年ごと`} ${rule.month}月${rule.day}日`;
  }
}

/** Weekly rules on weekdays only meet public holidays; the others also meet Saturdays and Sundays. */
function holidayNote(rule: RecurrenceRule): string {
  if (rule.holiday_handling === "none") return "";
  const weekendsPossible = rule.frequency !== "weekly" || rule.weekdays.some((day) => day === 0 || day === 6);
  const days = weekendsPossible ? "土日祝" : "祝日";
  const action = {
    skip: "スキップ",
    previous_business_day: "前営業日",
    next_business_day: "翌営業日",
  }[rule.holiday_handling];
  return `（${days}は${action}）`;
}

function endNote(rule: RecurrenceRule): string {
  switch (rule.end.type) {
    case "never":
      return "";
    case "until":
      return `（${formatJapaneseDate(rule.end.until)}まで）`;
    case "count":
      return `（${rule.end.count}回）`;
  }
}

/** The rule in natural Japanese for the UI, e.g. 「毎週 月・水・金（祝日は翌営業日）（2027年3月31日まで）」. */
export function describeRule(rule: RecurrenceRule): string {
  return `${period(rule)}${holidayNote(rule)}${endNote(rule)}`;
}
