import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { useNavigate } from "@tanstack/react-router";
import type {
  AnalyticsBreakdownBy,
  AnalyticsMeetings,
  AnalyticsPeriodKind,
  AnalyticsQuery,
  AnalyticsScopeKind,
  AnalyticsScopes,
  AnalyticsSummary,
} from "@tasuki/contract/analytics/analytics.schema";
import { MEETING_TYPE_LABELS } from "@tasuki/contract/meeting/meeting.schema";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../../../lib/task-labels.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "../../billing/api/use-plan.ts";
import { UpgradePrompt } from "../../billing/components/upgrade-prompt.tsx";
import { scopeTaskList } from "../analytics-links.ts";
import { type AnalyticsSearch, PERIOD_LABELS } from "../analytics-search.ts";
import {
  BREAKDOWN_LABELS,
  breakdownName,
  breakdownTable,
  type FigureTable,
  meetingTypesTable,
  oneOnOneTable,
  WORKLOAD_BUCKETS,
  weeksTable,
  workloadTable,
} from "../analytics-tables.ts";
import {
  useAnalyticsBreakdown,
  useAnalyticsMeetings,
  useAnalyticsScopes,
  useAnalyticsSummary,
  useAnalyticsWorkload,
} from "../api/analytics-api.ts";
import { FigureCard } from "./figure-card.tsx";

export const SCOPE_PATHS = {
  workspace: "/analytics/workspace/$id",
  group: "/analytics/group/$id",
  project: "/analytics/project/$id",
  management: "/analytics/management/$id",
  workspace_user: "/analytics/workspace-user/$id",
} as const satisfies Record<AnalyticsScopeKind, string>;

const SCOPE_LABELS: Record<AnalyticsScopeKind, string> = {
  workspace: "ワークスペース",
  group: "グループ",
  project: "プロジェクト",
  management: "管理しているタスク",
  workspace_user: "担当しているタスク",
};

// Japanese text is taller than the axes' default room: without it the tick labels are clipped away.
const AXIS_HEIGHT = 30;
/** Axes that count tasks: a tick every whole task, never 0.5 (the charts' own scale halves a small maximum). */
const COUNT_AXIS = { tickMinStep: 1 } as const;
const chartText = { noData: "表示できるデータがありません", loading: "読み込み中…" };
const COLORS = { created: "#9fa8da", completed: "#3949ab", overdue: "#c62f3e", open: "#5c6bc0" };
const slash = (iso: string) => iso.replaceAll("-", "/");
const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;

/** One analytics page: a scope's figures for a period, each chart with its table, CSV and task list links. */
export function AnalyticsPage({ kind, id, search }: { kind: AnalyticsScopeKind; id: string; search: AnalyticsSearch }) {
  const session = useSignedInSession();
  const workspaceId = session.workspaceUser!.workspace_id;
  const meId = session.workspaceUser!.id;
  const navigate = useNavigate();
  const period: AnalyticsPeriodKind = search.period ?? "month";
  const rangeReady = period !== "range" || Boolean(search.from && search.to && search.from <= search.to);
  const query: AnalyticsQuery = {
    workspace_id: workspaceId,
    scope: kind,
    scope_id: id,
    period: rangeReady ? period : "month",
    ...(period === "range" && rangeReady ? { from: search.from, to: search.to } : {}),
  };
  const scopes = useAnalyticsScopes(workspaceId);
  const summary = useAnalyticsSummary(query);
  const plan = usePlan(workspaceId);
  const setSearch = (next: Partial<AnalyticsSearch>) =>
    void navigate({ to: ".", search: (previous: AnalyticsSearch) => ({ ...previous, ...next }), replace: true });

  const status = isApiRequestError(summary.error) ? summary.error.status : null;
  const premiumRefused = isApiRequestError(summary.error) && summary.error.code === "premium_required";
  if (!plan.hasFeature("analytics") || premiumRefused) return <UpgradePrompt feature="analytics" title="分析" />;
  if (status === 403) {
    return (
      <ForbiddenPage
        pageName="分析"
        description="この分析を見る権限がありません。必要な場合はワークスペースの管理者に権限を依頼してください。"
      />
    );
  }
  if (status === 404) {
    return (
      <>
        <PageHeader title="分析" />
        <EmptyState
          icon={<InsightsOutlined />}
          title="この分析は表示できません"
          description="対象が削除されたか、閲覧できる範囲の外にあります。分析のトップから見られる範囲を選んでください。"
          action={
            <ButtonLink to="/analytics" variant="contained">
              分析のトップへ
            </ButtonLink>
          }
        />
      </>
    );
  }

  const data = summary.data;
  const scopeName = data?.scope.name ?? "";
  const title = kind === "workspace" ? "ワークスペース分析" : `${scopeName || SCOPE_LABELS[kind]}の分析`;
  const list = scopeTaskList({ kind, id }, meId);

  return (
    <>
      <PageHeader
        title={data || kind === "workspace" ? title : "分析"}
        description={
          data
            ? `${SCOPE_LABELS[kind]}・${slash(data.period.from)}〜${slash(data.period.to)}（${PERIOD_LABELS[data.period.kind]}）`
            : " "
        }
        actions={
          <ButtonLink
            to={list.to}
            search={list.search}
            variant="outlined"
            color="inherit"
            sx={{ borderColor: "divider", bgcolor: "background.paper" }}
          >
            タスク一覧で見る
          </ButtonLink>
        }
      />
      <Card
        variant="outlined"
        sx={{ p: 1.5, mb: 2.5, display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}
      >
        <ScopePicker scopes={scopes.data} kind={kind} id={id} search={search} meId={meId} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          aria-label="期間"
          onChange={(_event, value: AnalyticsPeriodKind | null) => value && setSearch({ period: value })}
          sx={{ flexWrap: "wrap" }}
        >
          {(Object.keys(PERIOD_LABELS) as AnalyticsPeriodKind[]).map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.75 }}>
              {PERIOD_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {period === "range" && (
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <TextField
              type="date"
              size="small"
              label="開始日"
              value={search.from ?? ""}
              onChange={(event) => setSearch({ from: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Typography sx={{ color: "text.secondary" }}>〜</Typography>
            <TextField
              type="date"
              size="small"
              label="終了日"
              value={search.to ?? ""}
              error={Boolean(search.from && search.to && search.to < search.from)}
              onChange={(event) => setSearch({ to: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        )}
      </Card>
      {!rangeReady && (
        <Alert severity="info" sx={{ mb: 2 }}>
          開始日と終了日（開始日以前でない日）を選ぶと、その期間で集計します。それまでは今月の数字を表示しています。
        </Alert>
      )}
      {summary.isError && status !== 403 && status !== 404 ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Box sx={{ display: "grid", gap: 2.5 }}>
          <AnalyticsFigures query={query} summary={data} loading={summary.isFetching} meId={meId} />
          {data && <MeetingFigures query={query} />}
        </Box>
      )}
    </>
  );
}

function ScopePicker({
  scopes,
  kind,
  id,
  search,
  meId,
}: {
  scopes: AnalyticsScopes | undefined;
  kind: AnalyticsScopeKind;
  id: string;
  search: AnalyticsSearch;
  meId: string;
}) {
  const navigate = useNavigate();
  const value = `${kind}:${id}`;
  const options: { value: string; label: string; header?: string; depth?: number }[] = [];
  if (scopes?.workspace)
    options.push({ value: `workspace:${scopes.workspace.id}`, label: scopes.workspace.name, header: "ワークスペース" });
  const depthOf = new Map<string, number>();
  for (const group of scopes?.groups ?? []) {
    const depth = group.parent_id && depthOf.has(group.parent_id) ? depthOf.get(group.parent_id)! + 1 : 0;
    depthOf.set(group.id, depth);
  }
  // Groups in tree order: each parent followed by its children.
  const children = new Map<string | null, NonNullable<AnalyticsScopes["groups"]>>();
  for (const group of scopes?.groups ?? []) {
    const parent = group.parent_id && depthOf.has(group.parent_id) ? group.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const walk = (parent: string | null, depth: number, first: { done: boolean }) => {
    for (const group of children.get(parent) ?? []) {
      options.push({
        value: `group:${group.id}`,
        label: group.name,
        depth,
        ...(first.done ? {} : { header: "グループ" }),
      });
      first.done = true;
      walk(group.id, depth + 1, first);
    }
  };
  walk(null, 0, { done: false });
  for (const [index, project] of (scopes?.projects ?? []).entries()) {
    options.push({ value: `project:${project.id}`, label: project.name, ...(index ? {} : { header: "プロジェクト" }) });
  }
  if (scopes?.me) {
    options.push({ value: `workspace_user:${meId}`, label: "自分が担当しているタスク", header: "自分" });
    options.push({ value: `management:${meId}`, label: "自分が管理しているタスク" });
  }
  const known = options.some((option) => option.value === value);
  const items: ReactNode[] = [];
  for (const option of options) {
    if (option.header) items.push(<ListSubheader key={`h-${option.header}`}>{option.header}</ListSubheader>);
    items.push(
      <MenuItem key={option.value} value={option.value} sx={{ pl: 2 + (option.depth ?? 0) * 2 }}>
        {option.label}
      </MenuItem>,
    );
  }
  return (
    <TextField
      select
      size="small"
      label="分析の対象"
      value={known ? value : ""}
      onChange={(event) => {
        const [nextKind, nextId] = event.target.value.split(":") as [AnalyticsScopeKind, string];
        void navigate({ to: SCOPE_PATHS[nextKind], params: { id: nextId }, search });
      }}
      sx={{ width: { xs: "100%", sm: 320 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
    >
      {known
        ? items
        : [
            <MenuItem key="current" value="" disabled>
              {SCOPE_LABELS[kind]}
            </MenuItem>,
            ...items,
          ]}
    </TextField>
  );
}

function AnalyticsFigures({
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

const MEETING_COLORS = { regular: "#2f6fb5", one_on_one: "#00897b", project: "#8e24aa", other: "#5b6275" } as const;
const ONE_ON_ONE_COLORS = { covered: "#00897b", missing: "#e0a526" };

/** 会議: meetings held per type with their hours, and 1on1 coverage of the scope's people over four weeks. */
function MeetingFigures({ query }: { query: AnalyticsQuery }) {
  const meetings = useAnalyticsMeetings(query);
  const data: AnalyticsMeetings | undefined = meetings.data;
  if (meetings.isError) return <ErrorState error={meetings.error} onRetry={() => void meetings.refetch()} />;
  const coverage = data?.one_on_one;
  const missing = coverage ? coverage.people - coverage.covered : 0;
  const manager = query.scope === "management";
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2.5,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", xl: "minmax(0, 1fr) minmax(0, 1fr)" },
      }}
    >
      <FigureCard
        title="会議"
        description={
          data
            ? `期間内に開かれた会議 ${data.held.meetings}回・${data.held.hours}時間。延べ時間は会議の時間×参加人数（${data.held.person_hours}時間）`
            : "期間内に開かれた会議の回数と時間"
        }
        csvName="分析_会議"
        loading={meetings.isFetching}
        table={data ? meetingTypesTable(data) : null}
        empty={
          <EmptyState
            bare
            icon={<EventAvailableOutlined />}
            title="この期間に開かれた会議はありません"
            description="会議を登録すると、種類ごとの回数と時間（参加者の延べ時間）がここに集計されます。"
            action={
              <ButtonLink to="/communication/meeting" variant="outlined">
                会議を見る
              </ButtonLink>
            }
          />
        }
        chart={
          data && (
            <BarChart
              layout="horizontal"
              height={200}
              localeText={chartText}
              xAxis={[{ height: AXIS_HEIGHT, valueFormatter: (value: number) => `${value}時間` }]}
              yAxis={[
                {
                  scaleType: "band",
                  width: 110,
                  data: data.by_type.map((row) => MEETING_TYPE_LABELS[row.type]),
                  colorMap: { type: "ordinal", colors: data.by_type.map((row) => MEETING_COLORS[row.type]) },
                },
              ]}
              series={[
                { label: "時間", data: data.by_type.map((row) => row.hours), valueFormatter: (v) => `${v}時間` },
              ]}
              grid={{ vertical: true }}
              hideLegend
              margin={{ right: 28 }}
            />
          )
        }
      />
      <FigureCard
        title="1on1の実施状況"
        description={
          coverage
            ? `${slash(coverage.from)}〜${slash(coverage.to)}の4週間に${manager ? "管理者と" : ""}1on1をした人 ${coverage.covered} / ${coverage.people}人${coverage.rate === null ? "" : `（${Math.round(coverage.rate * 100)}%）`}`
            : "直近4週間の1on1"
        }
        csvName="分析_1on1の実施状況"
        loading={meetings.isFetching}
        table={data ? oneOnOneTable(data) : null}
        tableFirst
        empty={
          <EmptyState
            bare
            icon={<EventAvailableOutlined />}
            title="1on1の対象になる人がいません"
            description={
              manager
                ? "タスクの管理者に設定されると、その担当者が1on1の対象としてここに並びます。"
                : "この範囲にメンバーやタスクの担当者がいると、直近4週間に1on1をしたかどうかがここに表示されます。"
            }
          />
        }
        chart={
          coverage && (
            <PieChart
              height={200}
              localeText={chartText}
              series={[
                {
                  innerRadius: 50,
                  paddingAngle: 1,
                  cornerRadius: 3,
                  data: [
                    { id: 0, value: coverage.covered, label: "実施済み", color: ONE_ON_ONE_COLORS.covered },
                    { id: 1, value: missing, label: "未実施", color: ONE_ON_ONE_COLORS.missing },
                  ],
                },
              ]}
            />
          )
        }
      />
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

function Kpi({ label, value, note, tone }: { label: string; value: ReactNode; note?: string; tone?: "error" }) {
  return (
    <Card variant="outlined" sx={{ px: 2, py: 1.5, borderColor: tone === "error" ? "error.light" : undefined }}>
      <Typography variant="body2" sx={{ color: "text.secondary", fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontSize: 28,
          fontWeight: 700,
          lineHeight: 1.3,
          fontVariantNumeric: "tabular-nums",
          color: tone === "error" ? "error.main" : "text.primary",
        }}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {note}
        </Typography>
      )}
    </Card>
  );
}

function FiguresSkeleton() {
  return (
    <Box sx={{ display: "grid", gap: 2.5 }} aria-busy="true" aria-label="分析を読み込み中">
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(3, 1fr)", xl: "repeat(6, 1fr)" },
        }}
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} variant="rounded" height={96} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={340} />
      <Skeleton variant="rounded" height={340} />
    </Box>
  );
}
