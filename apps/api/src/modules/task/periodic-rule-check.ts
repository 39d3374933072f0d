import { formatJapaneseDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { badRequest } from "../../lib/app-error.ts";
import type { HolidayCalendar } from "../../lib/holiday-calendar.ts";
import { OUTLOOK_YEARS, ruleOutlook } from "./recurrence/rule-outlook.ts";

export const NEVER_OCCURS = "periodic_rule_never_occurs";

export interface RuleRefusal {
  code: typeof NEVER_OCCURS;
  message: string;
  dev_message: string;
}

/** Weekly on Saturdays and Sundays only: every date is a weekend, whatever the holidays. */
const weekendsOnly = (rule: RecurrenceRule) =>
  rule.frequency === "weekly" && rule.weekdays.every((weekday) => weekday === 0 || weekday === 6);

/**
 * Why saving this rule would be refused, or null when it produces an occurrence from today on. The preview shows
 * the same words before the rule is saved, so the editor can say it while the rule is being drafted.
 */
export function periodicRuleRefusal(
  rule: RecurrenceRule,
  today: string,
  calendar: HolidayCalendar,
): RuleRefusal | null {
  const outlook = ruleOutlook(rule, today, calendar);
  const refuse = (message: string, devMessage: string): RuleRefusal => ({
    code: NEVER_OCCURS,
    message,
    dev_message: devMessage,
  });
  switch (outlook.kind) {
    case "occurs":
      return null;
    case "all_days_off":
      return refuse(
        weekendsOnly(rule)
          ? "土曜日・日曜日は休日のため、スキップすると一度も作られません。平日を選ぶか、「土日・祝日に当たるとき」を「そのまま」などに変えてください。"
          : "該当する日がすべて土日・祝日に当たりスキップされるため、この繰り返しでは一度も作られません。日付か「土日・祝日に当たるとき」の扱いを見直してください。",
        "every date the rule names is a day off that holiday_handling skip drops: the rule never produces an occurrence",
      );
    case "ended":
      return refuse(
        rule.end.type === "until"
          ? `終了日（${formatJapaneseDate(rule.end.until)}）が過ぎているため、この繰り返しでは今後一度も作られません。終了日を見直してください。`
          : "指定した回数はすでに終わっているため、この繰り返しでは今後一度も作られません。開始日か回数を見直してください。",
        "the rule's end is past: it produces no occurrence from today on",
      );
    case "no_date":
      return refuse(
        rule.end.type === "until"
          ? "開始日から終了日までに該当する日がないため、この繰り返しでは一度も作られません。開始日・終了日を見直してください。"
          : `今後${OUTLOOK_YEARS}年間に該当する日がないため、この繰り返しでは一度も作られません。間隔や開始日を見直してください。`,
        `the rule names no date between its start (or today) and its end, within ${OUTLOOK_YEARS} years`,
      );
  }
}

/** 400 periodic_rule_never_occurs for a rule that would be saved and then make nothing. */
export function requireRuleOccurs(rule: RecurrenceRule, today: string, calendar: HolidayCalendar): void {
  const refusal = periodicRuleRefusal(rule, today, calendar);
  if (refusal) throw badRequest(refusal.code, refusal.message, refusal.dev_message);
}
