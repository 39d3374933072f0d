import { AUDIT_FIELD_LABELS, isAuditReference } from "@tasuki/contract/audit-log/audit-log.labels";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditEntity,
  type AuditLog,
} from "@tasuki/contract/audit-log/audit-log.schema";
import { DATE_STYLE_LABELS, type DateStyle } from "@tasuki/contract/workspace/workspace.schema";
import { formatDateTime, formatDeadline, formatJapaneseDate } from "../../lib/date.ts";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../lib/task-labels.ts";

const STAFF_STATUS: Record<string, string> = {
  invited: "招待中",
  active: "利用中",
  suspended: "利用停止中",
  retired: "退職",
};
const ROLES: Record<string, string> = { owner: "オーナー", admin: "管理者", member: "メンバー", guest: "ゲスト" };

/**
 * Ids, the manual order and where a file is kept are not what a reader looks for in a row of the log, nor a
 * comment's mentions (its text names them); the CSV has everything.
 */
const HIDDEN = new Set([
  "id",
  "workspace_id",
  "user_id",
  "position",
  "periodic_series_id",
  "minutes_version",
  "storage_key",
  "mentions",
]);

/**
 * The filters offer what a workspace's log can hold: the operator events other than sign-ins (sign-ups, renewals,
 * application errors) belong to no workspace (decision 0011).
 */
export const AUDIT_ENTITY_FILTERS: readonly AuditEntity[] = AUDIT_ENTITIES.filter((entity) => entity !== "system");
export const AUDIT_ACTION_FILTERS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (action) => action !== "signup" && action !== "token_renewal" && action !== "error",
);

/** A comment's body is sanitised HTML: the log shows its text. */
function htmlText(html: string): string {
  return (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").trim();
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

export const fieldLabel = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A stored value as a person reads it: people and rows by their names (`names` of the entry), dates in Tokyo as
 * the workspace writes them, statuses and roles by their labels, empty as "（なし）".
 */
export function formatValue(entity: string, key: string, value: unknown, names: Record<string, string> = {}): string {
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
    if (key === "date_style") return DATE_STYLE_LABELS[value as DateStyle] ?? value;
    if (key === "body" && entity === "task_comment") return htmlText(value) || "（なし）";
    if (isAuditReference(key)) return names[value] ?? "（削除されたデータ）";
    if (key === "expires_at" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDeadline(value);
    if (/_at$/.test(key) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
    if (DATE_ONLY.test(value)) return formatJapaneseDate(value);
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
export function changeLines(item: Pick<AuditLog, "entity" | "before" | "after" | "names">): ChangeLine[] {
  // A new or removed row lists what it held; its empty fields say nothing.
  const whole = !item.before || !item.after;
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])].filter(
    (key) => !HIDDEN.has(key) && !(whole && isEmpty((item.after ?? item.before)?.[key])),
  );
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: item.before ? formatValue(item.entity, key, item.before[key], item.names) : null,
    after: item.after ? formatValue(item.entity, key, item.after[key], item.names) : null,
  }));
}

/**
 * The one line of an entry before it is opened: a single change in full (「ステータス：未着手 → 完了」), else the
 * fields that changed (「タイトル・優先度・期限」, at most three named).
 */
export function changeSummary(lines: ChangeLine[]): string {
  if (lines.length === 0) return "";
  if (lines.length === 1) {
    const [line] = lines as [ChangeLine];
    const value =
      line.before !== null && line.after !== null ? `${line.before} → ${line.after}` : (line.after ?? line.before);
    return `${line.label}：${value}`;
  }
  const named = lines
    .slice(0, 3)
    .map((line) => line.label)
    .join("・");
  return lines.length > 3 ? `${named} ほか${lines.length - 3}項目` : named;
}
