import { queryOptions, useQuery } from "@tanstack/react-query";
import { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import { callApi } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./analytics-keys.ts";

export function listAnalyticsScopes(workspaceId: string, signal?: AbortSignal) {
  return callApi(listAnalyticsScopesContract, { query: { workspace_id: workspaceId }, signal });
}

export function listAnalyticsScopesQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: analyticsKeys.scopes(workspaceId),
    queryFn: ({ signal }) => listAnalyticsScopes(workspaceId, signal),
  });
}

export function useAnalyticsScopes(workspaceId: string) {
  return useQuery(listAnalyticsScopesQueryOptions(workspaceId));
}
