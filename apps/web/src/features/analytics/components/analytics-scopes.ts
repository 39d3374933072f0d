import type { AnalyticsScopeKind } from "@tasuki/contract/analytics/analytics.schema";

/** Each scope's page, and its name in the scope picker. */
export const SCOPE_PATHS = {
  workspace: "/analytics/workspace/$id",
  group: "/analytics/group/$id",
  project: "/analytics/project/$id",
  management: "/analytics/management/$id",
  workspace_user: "/analytics/workspace-user/$id",
} as const satisfies Record<AnalyticsScopeKind, string>;

export const SCOPE_LABELS: Record<AnalyticsScopeKind, string> = {
  workspace: "ワークスペース",
  group: "グループ",
  project: "プロジェクト",
  management: "管理しているタスク",
  workspace_user: "担当しているタスク",
};
