import type { TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";

/** Labels and colours of the drawer (DOMAIN.md: 未着手・進行中・完了・クローズ, 高・中・低・なし). */
export const STATUS_TEXT: Record<TaskStatus, string> = {
  none: "未着手",
  in_progress: "進行中",
  done: "完了",
  closed: "クローズ",
};

export const STATUS_TONE: Record<TaskStatus, { color: string; background: string }> = {
  none: { color: "#455a64", background: "#eceff1" },
  in_progress: { color: "#1565c0", background: "#e3f2fd" },
  done: { color: "#2e7d32", background: "#e8f5e9" },
  closed: { color: "#616161", background: "#eeeeee" },
};

export const PRIORITY_TEXT: Record<TaskPriority, string> = { high: "高", middle: "中", low: "低", none: "なし" };
export const PRIORITY_TONE: Record<TaskPriority, string> = {
  high: "#d32f2f",
  middle: "#ef6c00",
  low: "#1976d2",
  none: "#9e9e9e",
};
export const PRIORITY_ORDER: TaskPriority[] = ["high", "middle", "low", "none"];
