import type {
  AnalyticsBreakdown,
  AnalyticsBreakdownBy,
  AnalyticsMeetings,
  AnalyticsSummary,
  AnalyticsWorkload,
} from "@tasuki/contract/analytics/analytics.schema";
import { MEETING_TYPE_LABELS } from "@tasuki/contract/meeting/meeting.schema";
import type { TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { formatSlashDate } from "../../lib/date.ts";
import { displayName } from "../../lib/person.ts";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../lib/task-labels.ts";
import { breakdownTaskList, type TaskListLink } from "./analytics-links.ts";

/**
 * Every chart's table, as text: what the page shows beside the chart and what its CSV holds, cell for cell,
 * so a manager's copy and the screen never disagree.
 */
export interface FigureTable {
  columns: { label: string; numeric?: boolean }[];
  rows: { key: string; cells: string[]; link?: TaskListLink | null }[];
}

export const tableCsvRows = (table: FigureTable): string[][] => [
  table.columns.map((column) => column.label),
  ...table.rows.map((row) => row.cells),
];

const n = (value: number | null) => (value === null ? "" : String(value));
const slash = (iso: string) => iso.replaceAll("-", "/");

export function weeksTable(summary: AnalyticsSummary): FigureTable {
  return {
    columns: [
      { label: "週（月曜）" },
      { label: "作成", numeric: true },
      { label: "完了", numeric: true },
      { label: "累計作成", numeric: true },
      { label: "累計完了", numeric: true },
      { label: "期限切れ", numeric: true },
    ],
    rows: summary.weeks.map((week) => ({
      key: week.week_start,
      cells: [
        slash(week.week_start),
        n(week.created),
        n(week.completed),
        n(week.cumulative_created),
        n(week.cumulative_completed),
        week.overdue_at_end === null ? "—" : n(week.overdue_at_end),
      ],
    })),
  };
}

export const WORKLOAD_BUCKETS = [
  { key: "overdue", label: "期限切れ", color: "#d32f2f" },
  { key: "today", label: "今日", color: "#ef6c00" },
  { key: "within_3_days", label: "3日以内", color: "#f9a825" },
  { key: "within_7_days", label: "7日以内", color: "#7cb342" },
  { key: "later", label: "それ以降", color: "#5c6bc0" },
  { key: "no_deadline", label: "期限なし", color: "#b0bec5" },
] as const;

export function workloadTable(workload: AnalyticsWorkload, meId: string | null): FigureTable {
  return {
    columns: [
      { label: "担当者" },
      { label: "未完了", numeric: true },
      ...WORKLOAD_BUCKETS.map((bucket) => ({ label: bucket.label, numeric: true })),
    ],
    rows: workload.rows.map((row) => ({
      key: row.staff?.id ?? "none",
      cells: [
        row.staff ? displayName(row.staff) : "担当者なし",
        n(row.open),
        ...WORKLOAD_BUCKETS.map((bucket) => n(row[bucket.key])),
      ],
      link: row.staff ? breakdownTaskList(workload.scope, meId, "person", row.staff.id) : null,
    })),
  };
}

export const BREAKDOWN_LABELS: Record<AnalyticsBreakdownBy, string> = {
  group: "グループ",
  project: "プロジェクト",
  person: "担当者",
  priority: "優先度",
  status: "ステータス",
};

const NONE_LABELS: Record<AnalyticsBreakdownBy, string> = {
  group: "グループなし",
  project: "プロジェクトなし",
  person: "担当者なし",
  priority: "",
  status: "",
};

export function breakdownName(breakdown: AnalyticsBreakdown, row: AnalyticsBreakdown["rows"][number]): string {
  if (row.hidden) return "閲覧できないプロジェクト";
  if (row.key === null) return NONE_LABELS[breakdown.by];
  if (breakdown.by === "priority") return PRIORITY_LABELS[row.key as TaskPriority] ?? row.key;
  if (breakdown.by === "status") return STATUS_LABELS[row.key as TaskStatus] ?? row.key;
  if (breakdown.by === "group" && breakdown.scope.kind === "group" && row.key === breakdown.scope.id) {
    return `${row.name}（直属）`;
  }
  return row.name || "（削除済み）";
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "—");

export function breakdownTable(breakdown: AnalyticsBreakdown, meId: string | null): FigureTable {
  return {
    columns: [
      { label: BREAKDOWN_LABELS[breakdown.by] },
      { label: "未完了", numeric: true },
      { label: "期限切れ", numeric: true },
      { label: "作成", numeric: true },
      { label: "完了", numeric: true },
      { label: "期限内率", numeric: true },
      { label: "合計", numeric: true },
    ],
    rows: breakdown.rows.map((row) => ({
      key: row.key ?? (row.hidden ? "hidden" : "none"),
      cells: [
        breakdownName(breakdown, row),
        n(row.open),
        n(row.overdue),
        n(row.created),
        n(row.completed),
        percent(row.completed_on_time, row.completed),
        n(row.total),
      ],
      link: row.hidden ? null : breakdownTaskList(breakdown.scope, meId, breakdown.by, row.key),
    })),
  };
}

/** Meetings held per type: every type, zeros included, and the total. */
export function meetingTypesTable(meetings: AnalyticsMeetings): FigureTable {
  const row = (key: string, label: string, figures: AnalyticsMeetings["held"]) => ({
    key,
    cells: [label, n(figures.meetings), n(figures.hours), n(figures.person_hours)],
  });
  return {
    columns: [
      { label: "種類" },
      { label: "回数", numeric: true },
      { label: "時間", numeric: true },
      { label: "延べ時間", numeric: true },
    ],
    rows: meetings.held.meetings
      ? [
          ...meetings.by_type.map((figures) => row(figures.type, MEETING_TYPE_LABELS[figures.type], figures)),
          row("total", "合計", meetings.held),
        ]
      : [],
  };
}

/** 1on1 coverage: each person of the scope, those without a 1on1 in the four weeks first. */
export function oneOnOneTable(meetings: AnalyticsMeetings): FigureTable {
  return {
    columns: [{ label: "氏名" }, { label: "直近4週の1on1", numeric: true }, { label: "最後の1on1" }, { label: "状況" }],
    rows: meetings.one_on_one.rows.map((row) => ({
      key: row.staff.id,
      cells: [
        displayName(row.staff),
        n(row.count),
        row.last_at ? formatSlashDate(row.last_at) : "—",
        row.count > 0 ? "実施済み" : "未実施",
      ],
    })),
  };
}
