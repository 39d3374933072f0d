import type { AuditAction, AuditEntity } from "./audit-log.schema.ts";

/** The screen names of what the audit log records: the 監査ログ page and its CSV export read the same words. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  workspace: "ワークスペース",
  workspace_user: "スタッフ",
  group_type: "階層",
  official_position: "役職",
  group: "グループ",
  group_member: "グループの所属",
  project: "プロジェクト",
  project_member: "プロジェクトのメンバー",
  primary_item: "大項目",
  secondary_item: "中項目",
  task: "タスク",
  task_attachment: "タスクの添付ファイル",
  plan_contract: "プラン契約",
  credit_card: "クレジットカード",
  invoice: "請求書",
  company: "会社情報",
  billing_account: "お支払い状況",
  meeting: "会議",
  meeting_participant: "会議の参加者",
  workspace_external_service: "外部連携",
  external_link: "外部連携（個人）",
  external_route: "外部連携の通知先",
  session: "ログイン",
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: "作成",
  updated: "変更",
  deleted: "削除",
  restored: "復元",
  login: "ログイン",
};
