import type { Task } from "@tasuki/contract/task/task.schema";
import { formatDateTime, formatDeadline, formatSlashDate } from "../../lib/date.ts";
import { displayName } from "../../lib/person.ts";
import { DEADLINE_LABELS, PRIORITY_LABELS, STATUS_LABELS } from "../../lib/task-labels.ts";

export const TASK_CSV_HEADER = [
  "グループ",
  "プロジェクト",
  "大項目",
  "中項目",
  "タスク名",
  "ステータス",
  "優先度",
  "担当者",
  "管理者",
  "開始日",
  "期限",
  "期限の状況",
  "公開",
  "通知",
  "繰り返し",
  "作成日時",
  "更新日時",
] as const;

export interface TaskCsvNames {
  group: (id: string | null) => string;
  project: (id: string | null) => string;
  item: (id: string | null) => string;
}

/** One line per task, in the order of the list on screen; names resolved by the caller. */
export function taskCsvRows(tasks: readonly Task[], names: TaskCsvNames): string[][] {
  return [
    [...TASK_CSV_HEADER],
    ...tasks.map((task) => [
      names.group(task.group_id),
      names.project(task.project_id),
      names.item(task.primary_item_id),
      names.item(task.secondary_item_id),
      task.title,
      STATUS_LABELS[task.status],
      PRIORITY_LABELS[task.priority],
      displayName(task.assignee),
      displayName(task.manager),
      formatSlashDate(task.starts_at),
      formatDeadline(task.expires_at),
      task.deadline_category ? DEADLINE_LABELS[task.deadline_category] : "",
      task.is_public ? "公開" : "非公開",
      task.has_notification ? "あり" : "なし",
      task.periodic_rule || task.periodic_series_id ? "あり" : "なし",
      formatDateTime(task.created_at),
      formatDateTime(task.updated_at),
    ]),
  ];
}
