import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import { type AssigneeRule, assigneeRuleLabels } from "@tasuki/contract/template/template.schema";

/** The choices and number fields of the tree editor's task rows. */
export const PRIORITY_OPTIONS: { value: TaskPriority; label: string }[] = [
  { value: "high", label: "高" },
  { value: "middle", label: "中" },
  { value: "low", label: "低" },
  { value: "none", label: "なし" },
];

export const ASSIGNEE_OPTIONS = (Object.keys(assigneeRuleLabels) as AssigneeRule[]).map((value) => ({
  value,
  label: assigneeRuleLabels[value],
}));

export const clampInt = (value: string, min: number, max: number) => {
  const number = Math.trunc(Number(value));
  if (!Number.isFinite(number)) return min;
  return Math.min(max, Math.max(min, number));
};

export function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
