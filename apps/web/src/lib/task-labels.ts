import type { DeadlineCategory, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";

export const STATUS_LABELS: Record<TaskStatus, string> = {
  none: "未着手",
  in_progress: "進行中",
  done: "完了",
  closed: "クローズ",
};
export const STATUS_ORDER: TaskStatus[] = ["none", "in_progress", "done", "closed"];

export const PRIORITY_LABELS: Record<TaskPriority, string> = { high: "高", middle: "中", low: "低", none: "なし" };
export const PRIORITY_ORDER: TaskPriority[] = ["high", "middle", "low", "none"];

export const DEADLINE_LABELS: Record<DeadlineCategory, string> = {
  expiredDeadline: "期限切れ",
  nowDeadline: "今日が期限",
  nearDeadline: "3日以内",
  weekDeadline: "7日以内",
};
export const DEADLINE_ORDER: DeadlineCategory[] = ["expiredDeadline", "nowDeadline", "nearDeadline", "weekDeadline"];

/** Row tints of the deadline categories (background) and their accent (left bar, legend dot). */
export const DEADLINE_COLORS: Record<DeadlineCategory, { background: string; accent: string }> = {
  expiredDeadline: { background: "#fdecea", accent: "#d32f2f" },
  nowDeadline: { background: "#fff3e0", accent: "#ef6c00" },
  nearDeadline: { background: "#fffde7", accent: "#f9a825" },
  weekDeadline: { background: "#f1f8e9", accent: "#7cb342" },
};

/** Status chips: the colour tells the state at a glance, the label says it. */
export const STATUS_COLORS: Record<TaskStatus, { color: string; background: string }> = {
  none: { color: "#455a64", background: "#eceff1" },
  in_progress: { color: "#1565c0", background: "#e3f2fd" },
  done: { color: "#2e7d32", background: "#e8f5e9" },
  closed: { color: "#616161", background: "#eeeeee" },
};

export const PRIORITY_COLORS: Record<TaskPriority, string> = {
  high: "#d32f2f",
  middle: "#ef6c00",
  low: "#1976d2",
  none: "#9e9e9e",
};

export type TaskTab = "me" | "group" | "management" | "public" | "project";

export const TAB_LABELS: Record<TaskTab, string> = {
  me: "自分",
  group: "グループ",
  management: "管理",
  public: "公開",
  project: "プロジェクト",
};
export const TAB_ORDER: TaskTab[] = ["me", "group", "management", "public", "project"];

export const TAB_DESCRIPTIONS: Record<TaskTab, string> = {
  me: "あなたが担当しているタスクです。",
  group: "所属しているグループのタスクです。",
  management: "あなたが管理者として確認するタスクです。",
  public: "ワークスペース全体に公開されたタスクです。",
  project: "プロジェクトを選ぶと、大項目・中項目ごとのタスクを表示します。",
};

/** Row tints of statuses, for rows without a deadline colour (done and closed tasks never have one). */
export const STATUS_ROW_COLORS: Partial<Record<TaskStatus, { background?: string; accent?: string }>> = {
  in_progress: { accent: "#1e88e5" },
  done: { background: "#f3f9f3" },
  closed: { background: "#f4f4f5" },
};
