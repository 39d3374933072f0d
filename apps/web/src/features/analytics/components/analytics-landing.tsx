import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import { Navigate } from "@tanstack/react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { useSignedInSession } from "../../../session/session.ts";
import type { AnalyticsSearch } from "../analytics-search.ts";
import { useAnalyticsScopes } from "../api/list-analytics-scopes.ts";
import { SCOPE_PATHS } from "./analytics-scopes.ts";

/** /analytics: the caller's widest scope (the workspace, their topmost group, or themselves). */
export function AnalyticsLanding({ search }: { search: AnalyticsSearch }) {
  const session = useSignedInSession();
  const scopes = useAnalyticsScopes(session.workspaceUser!.workspace_id);
  if (scopes.isPending) return <PageLoader />;
  if (scopes.isError) return <ErrorState error={scopes.error} onRetry={() => void scopes.refetch()} />;
  const target = scopes.data.default_scope;
  if (!target) {
    return (
      <>
        <PageHeader title="分析" />
        <EmptyState
          icon={<InsightsOutlined />}
          title="分析を見る権限がありません"
          description="ワークスペースの管理者に、権限設定で「個人分析の閲覧」などの分析の権限を付けてもらうと、ここで進捗や負荷を確認できます。"
        />
      </>
    );
  }
  return <Navigate to={SCOPE_PATHS[target.kind]} params={{ id: target.id }} search={search} replace />;
}
