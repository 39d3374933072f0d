import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { PieChart } from "@mui/x-charts/PieChart";
import type {
  AnalyticsBreakdownBy,
  AnalyticsQuery,
  AnalyticsSummary,
} from "@tasuki/contract/analytics/analytics.schema";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { STATUS_COLORS, STATUS_LABELS } from "../../../lib/task-labels.ts";
import {
  BREAKDOWN_LABELS,
  breakdownName,
  breakdownTable,
  type FigureTable,
  WORKLOAD_BUCKETS,
  weeksTable,
  workloadTable,
} from "../analytics-tables.ts";
import { useAnalyticsBreakdown } from "../api/get-analytics-breakdown.ts";
import { useAnalyticsWorkload } from "../api/get-analytics-workload.ts";
import { AXIS_HEIGHT, COLORS, COUNT_AXIS, chartText, shortDate } from "./analytics-chart-style.ts";
import { FiguresSkeleton, Kpi } from "./analytics-figure-parts.tsx";
import { FigureCard } from "./figure-card.tsx";

export function AnalyticsFigures({
  query,
  summary,
  loading,
  meId,
}: {
  query: AnalyticsQuery;
  summary: AnalyticsSummary | undefined;
  loading: boolean;
  meId: string;
}) {
  // One person's page compares nobody: a workload chart or a 担当者 breakdown of one bar says nothing.
  const onePerson = query.scope === "workspace_user";
  const workload = useAnalyticsWorkload(query, !onePerson);
  const breakdownKeys = (Object.keys(BREAKDOWN_LABELS) as AnalyticsBreakdownBy[]).filter(
    (key) => !(onePerson && key === "person"),
  );
  const [by, setBy] = useState<AnalyticsBreakdownBy>(
    query.scope === "workspace" || query.scope === "group" ? "group" : onePerson ? "project" : "person",
  );
  const breakdown = useAnalyticsBreakdown(query, by);
  if (!summary) return <FiguresSkeleton />;
  const nothing =
    summary.now.open === 0 &&
    summary.due.total === 0 &&
    summary.created === 0 &&
    summary.completed === 0 &&
    summary.weeks.every((week) => week.created === 0);
  if (nothing) {
    return (
      <EmptyState
        icon={<TaskAltOutlined />}
        title="この範囲にはまだ集計できるタスクがありません"
        description="タスクに担当者・期限・グループやプロジェクトを設定すると、未完了・期限切れ・完了の推移と担当者ごとの負荷がここに集計されます。"
        action={
          <ButtonLink to="/task/me" variant="contained">
            タスクを作成する
          </ButtonLink>
        }
      />
    );
  }
  const rate = summary.on_time_rate === null ? "—" : `${Math.round(summary.on_time_rate * 100)}%`;
  const weeks = weeksTable(summary);
  const workloadRows = workload.data?.rows ?? [];
  const chartPeople = workloadRows.slice(0, 12);
  const personLabel = (row: (typeof workloadRows)[number]) =>
    row.staff ? `${row.staff.last_name} ${row.staff.first_name}` : "担当者なし";
  const breakdownRows = breakdown.data?.rows ?? [];
  const chartBreakdown = breakdownRows.slice(0, 12);

  return (
    <Box sx={{ display: "grid", gap: 2.5 }}>
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: {
            xs: "repeat(2, minmax(0, 1fr))",
            md: "repeat(3, minmax(0, 1fr))",
            xl: "repeat(6, minmax(0, 1fr))",
          },
        }}
      >
        <Kpi label="未完了" value={summary.now.open} note={`うち進行中 ${summary.now.in_progress}`} />
        <Kpi
          label="期限切れ"
          value={summary.now.overdue}
          tone={summary.now.overdue ? "error" : undefined}
          note="現在、期限を過ぎた未完了"
        />
        <Kpi
          label="期間内に期限"
          value={summary.due.total}
          note={`未完了 ${summary.due.not_started + summary.due.in_progress}`}
        />
        <Kpi label="期間内の完了" value={summary.completed} note={`作成 ${summary.created}`} />
        <Kpi
          label="期限内完了率"
          value={rate}
          note={`${summary.completed_on_time} / ${summary.completed_with_deadline} 件`}
        />
        <Kpi
          label="平均リードタイム"
          value={summary.lead_time_days.average === null ? "—" : `${summary.lead_time_days.average}日`}
          note={
            summary.lead_time_days.median === null ? "作成から完了まで" : `中央値 ${summary.lead_time_days.median}日`
          }
        />
      </Box>

      <FigureCard
        title="作成と完了の推移"
        description="週ごとの累計（バーンアップ）。完了の線が作成の線に近いほど、仕事が溜まっていません。"
        csvName="分析_週ごとの推移"
        loading={loading}
        table={weeks}
        chart={
          <LineChart
            height={280}
            localeText={chartText}
            xAxis={[
              {
                height: AXIS_HEIGHT,
                scaleType: "point",
                data: summary.weeks.map((week) => shortDate(week.week_start)),
              },
            ]}
            series={[
              {
                label: "累計作成",
                data: summary.weeks.map((week) => week.cumulative_created),
                color: COLORS.created,
                showMark: false,
              },
              {
                label: "累計完了",
                data: summary.weeks.map((week) => week.cumulative_completed),
                color: COLORS.completed,
                showMark: false,
              },
              {
                label: "週末の期限切れ",
                data: summary.weeks.map((week) => week.overdue_at_end),
                color: COLORS.overdue,
                showMark: false,
              },
            ]}
            yAxis={[COUNT_AXIS]}
            grid={{ horizontal: true }}
            margin={{ left: 0, right: 24 }}
          />
        }
      />

      {!onePerson && (
        <FigureCard
          title="担当者ごとの負荷"
          description={`未完了のタスクを期限の近さ別に数えています（期限切れの多い順）。${workload.data ? `担当者 ${workload.data.people}人` : ""}`}
          csvName="分析_担当者ごとの負荷"
          loading={workload.isFetching}
          table={workload.data ? workloadTable(workload.data, meId) : null}
          tableFirst
          empty={
            <EmptyState
              bare
              icon={<TaskAltOutlined />}
              title="未完了のタスクはありません"
              description="担当者と期限を設定したタスクがあると、誰に仕事が集中しているかがここに表示されます。"
            />
          }
          chart={
            <BarChart
              layout="horizontal"
              xAxis={[{ height: AXIS_HEIGHT, ...COUNT_AXIS }]}
              height={Math.max(200, chartPeople.length * 30 + 70)}
              localeText={chartText}
              yAxis={[{ scaleType: "band", data: chartPeople.map(personLabel), width: 96 }]}
              series={WORKLOAD_BUCKETS.map((bucket) => ({
                label: bucket.label,
                color: bucket.color,
                stack: "open",
                data: chartPeople.map((row) => row[bucket.key]),
              }))}
              grid={{ vertical: true }}
              margin={{ right: 12 }}
            />
          }
        />
      )}

      <FigureCard
        title="内訳"
        description="未完了・期限切れは現在、作成・完了は期間内の件数です。行の名前からタスク一覧を開けます。"
        csvName={`分析_${BREAKDOWN_LABELS[by]}別`}
        loading={breakdown.isFetching}
        table={breakdown.data && breakdown.data.by === by ? breakdownTable(breakdown.data, meId) : null}
        tableFirst
        toolbar={
          <Tabs
            value={by}
            onChange={(_event, value: AnalyticsBreakdownBy) => setBy(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="内訳の切り口"
            sx={{ minHeight: 40, "& .MuiTab-root": { minHeight: 40, py: 0.5, px: 2 } }}
          >
            {breakdownKeys.map((key) => (
              <Tab key={key} value={key} label={BREAKDOWN_LABELS[key]} />
            ))}
          </Tabs>
        }
        empty={
          <EmptyState
            bare
            icon={<InsightsOutlined />}
            title="この内訳に数えるタスクはありません"
            description="タスクにグループ・プロジェクト・担当者を設定すると、ここで比べられます。"
          />
        }
        chart={
          breakdown.data && (
            <BarChart
              layout="horizontal"
              xAxis={[{ height: AXIS_HEIGHT, ...COUNT_AXIS }]}
              height={Math.max(200, chartBreakdown.length * 30 + 70)}
              localeText={chartText}
              yAxis={[
                {
                  scaleType: "band",
                  data: chartBreakdown.map((row) => breakdownName(breakdown.data, row)),
                  width: 110,
                },
              ]}
              series={[
                { label: "未完了", data: chartBreakdown.map((row) => row.open), color: COLORS.open },
                { label: "期限切れ", data: chartBreakdown.map((row) => row.overdue), color: COLORS.overdue },
                { label: "期間内の完了", data: chartBreakdown.map((row) => row.completed), color: "#2e7d5b" },
              ]}
              grid={{ vertical: true }}
              margin={{ right: 12 }}
            />
          )
        }
      />

      <Box
        sx={{
          display: "grid",
          gap: 2.5,
          gridTemplateColumns: "minmax(0, 1fr)",
        }}
      >
        <FigureCard
          title="期間内に期限のタスク"
          description={`${summary.due.total}件のいまのステータス。期限切れ ${summary.due.overdue}件`}
          csvName="分析_期間内に期限のタスク"
          loading={loading}
          table={dueTable(summary)}
          empty={
            <EmptyState
              bare
              title="この期間に期限のタスクはありません"
              description="期間を広げるか、タスクに期限を設定してください。"
            />
          }
          chart={
            <PieChart
              height={220}
              localeText={chartText}
              series={[
                {
                  innerRadius: 55,
                  paddingAngle: 1,
                  cornerRadius: 3,
                  data: (["none", "in_progress", "done", "closed"] as const).map((status, index) => ({
                    id: index,
                    value: summary.due[status === "none" ? "not_started" : status],
                    label: STATUS_LABELS[status],
                    color: STATUS_COLORS[status].color,
                  })),
                },
              ]}
            />
          }
        />
        <FigureCard
          title="リードタイムと滞留"
          description="期間内に完了したタスクが、作成から完了までと各ステータスにかけた時間（ステータス履歴から）"
          csvName="分析_リードタイム"
          loading={loading}
          table={leadTable(summary)}
          chart={
            <BarChart
              height={220}
              localeText={chartText}
              xAxis={[{ height: AXIS_HEIGHT, scaleType: "band", data: ["未着手", "進行中"] }]}
              series={[
                {
                  label: "平均滞留（時間）",
                  data: [summary.hours_in_status.not_started ?? 0, summary.hours_in_status.in_progress ?? 0],
                  color: COLORS.completed,
                },
              ]}
              grid={{ horizontal: true }}
              hideLegend
              margin={{ left: 0, right: 24 }}
            />
          }
        />
      </Box>
    </Box>
  );
}

function dueTable(summary: AnalyticsSummary): FigureTable {
  const rows: [string, number][] = [
    [STATUS_LABELS.none, summary.due.not_started],
    [STATUS_LABELS.in_progress, summary.due.in_progress],
    [STATUS_LABELS.done, summary.due.done],
    [STATUS_LABELS.closed, summary.due.closed],
  ];
  return {
    columns: [{ label: "ステータス" }, { label: "件数", numeric: true }],
    rows: summary.due.total ? rows.map(([label, count]) => ({ key: label, cells: [label, String(count)] })) : [],
  };
}

function leadTable(summary: AnalyticsSummary): FigureTable {
  const value = (number: number | null, unit: string) => (number === null ? "—" : `${number}${unit}`);
  const periodic =
    summary.periodic.rate === null
      ? "—"
      : `${Math.round(summary.periodic.rate * 100)}%（${summary.periodic.on_time} / ${summary.periodic.due}）`;
  return {
    columns: [{ label: "指標" }, { label: "値", numeric: true }],
    rows: [
      ["期間内の完了", `${summary.completed}件`],
      ["平均リードタイム", value(summary.lead_time_days.average, "日")],
      ["リードタイムの中央値", value(summary.lead_time_days.median, "日")],
      ["未着手の平均滞留", value(summary.hours_in_status.not_started, "時間")],
      ["進行中の平均滞留", value(summary.hours_in_status.in_progress, "時間")],
      ["定期タスクの期限内完了率", periodic],
    ].map(([label, cell]) => ({ key: label!, cells: [label!, cell!] })),
  };
}
