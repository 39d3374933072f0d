import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import type {
  AnalyticsPeriodKind,
  AnalyticsQuery,
  AnalyticsScopeKind,
} from "@tasuki/contract/analytics/analytics.schema";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { UpgradePrompt } from "../../../components/upgrade-prompt.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "../../billing/api/use-plan.ts";
import { useWhoUpgrades } from "../../billing/api/use-who-upgrades.ts";
import { scopeTaskList } from "../analytics-links.ts";
import { type AnalyticsSearch, PERIOD_LABELS } from "../analytics-search.ts";
import { useAnalyticsSummary } from "../api/get-analytics-summary.ts";
import { useAnalyticsScopes } from "../api/list-analytics-scopes.ts";
import { slash } from "./analytics-chart-style.ts";
import { AnalyticsFigures } from "./analytics-figures.tsx";
import { SCOPE_LABELS } from "./analytics-scopes.ts";
import { MeetingFigures } from "./meeting-figures.tsx";
import { ScopePicker } from "./scope-picker.tsx";

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
  const who = useWhoUpgrades();
  const setSearch = (next: Partial<AnalyticsSearch>) =>
    void navigate({ to: ".", search: (previous: AnalyticsSearch) => ({ ...previous, ...next }), replace: true });

  const status = isApiRequestError(summary.error) ? summary.error.status : null;
  const premiumRefused = isApiRequestError(summary.error) && summary.error.code === "premium_required";
  if (!plan.hasFeature("analytics") || premiumRefused)
    return <UpgradePrompt feature="analytics" title="分析" who={who} />;
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
