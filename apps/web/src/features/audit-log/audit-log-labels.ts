import type { AuditEntity, AuditLog } from "@tasuki/contract/audit-log/audit-log.schema";
import { formatDateTime } from "../../lib/date.ts";
import { PRIORITY_LABELS, STATUS_LABELS } from "../task/task-labels.ts";

/** The columns people change most, by their names on screen; others show as they are stored. */
const FIELD_LABELS: Record<string, string> = {
  title: "タイトル",
  name: "名前",
  description: "説明",
  status: "ステータス",
  priority: "優先度",
  starts_at: "開始日",
  expires_at: "期限",
  assignee_id: "担当者",
  manager_id: "管理者",
  group_id: "グループ",
  project_id: "プロジェクト",
  primary_item_id: "大項目",
  secondary_item_id: "中項目",
  is_public: "公開",
  notification: "通知設定",
  periodic_rule: "繰り返し",
  position: "並び順",
  deleted_at: "削除日時",
  completed_at: "完了日時",
  role: "権限",
  email: "メールアドレス",
  last_name: "姓",
  first_name: "名",
  last_name_kana: "セイ",
  first_name_kana: "メイ",
  employee_code: "社員番号",
  official_position_id: "役職",
  parent_id: "親グループ",
  group_type_id: "階層",
  rank: "順位",
  base_names: "呼称",
  authority_rules: "権限ルール",
  joined_at: "参加日時",
  invited_at: "招待日時",
  avatar_image_id: "アイコン",
};

const STAFF_STATUS: Record<string, string> = {
  invited: "招待中",
  active: "利用中",
  suspended: "利用停止中",
  retired: "退職",
};
const ROLES: Record<string, string> = { owner: "オーナー", admin: "管理者", member: "メンバー", guest: "ゲスト" };

/** Ids and the manual order are not what a reader looks for in a row of the log (the CSV has everything). */
const HIDDEN = new Set(["id", "workspace_id", "created_by", "user_id", "position"]);

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** A stored value as a person reads it: dates in Tokyo, statuses and roles by their labels, empty as "（なし）". */
export function formatValue(entity: AuditEntity, key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "（なし）";
  if (typeof value === "boolean") return value ? "はい" : "いいえ";
  if (typeof value === "string") {
    if (key === "status") {
      return entity === "task"
        ? (STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value)
        : (STAFF_STATUS[value] ?? value);
    }
    if (key === "priority") return PRIORITY_LABELS[value as keyof typeof PRIORITY_LABELS] ?? value;
    if (key === "role") return ROLES[value] ?? value;
    if (/_at$/.test(key) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    return value;
  }
  return JSON.stringify(value);
}

export interface ChangeLine {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** The lines of a row's change: for an update before → after, for a creation or deletion the values. */
export function changeLines(item: Pick<AuditLog, "entity" | "before" | "after">): ChangeLine[] {
  // A new or removed row lists what it held; its empty fields say nothing.
  const whole = !item.before || !item.after;
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])].filter(
    (key) => !HIDDEN.has(key) && !(whole && isEmpty((item.after ?? item.before)?.[key])),
  );
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: item.before ? formatValue(item.entity, key, item.before[key]) : null,
    after: item.after ? formatValue(item.entity, key, item.after[key]) : null,
  }));
}
