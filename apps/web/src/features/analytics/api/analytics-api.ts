import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsBreakdownBy, AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsBreakdownContract } from "@tasuki/contract/analytics/get-analytics-breakdown.contract";
import { getAnalyticsMeetingsContract } from "@tasuki/contract/analytics/get-analytics-meetings.contract";
import { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import { getAnalyticsWorkloadContract } from "@tasuki/contract/analytics/get-analytics-workload.contract";
import { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import { callApi } from "../../../lib/api-client.ts";

// Every key starts with "analytics": a task, group or project event refreshes the open page (query-invalidation.ts).

export function useAnalyticsScopes(workspaceId: string) {
  return useQuery({
    queryKey: ["analytics", "scopes", workspaceId],
    queryFn: ({ signal }) => callApi(listAnalyticsScopesContract, { query: { workspace_id: workspaceId }, signal }),
  });
}

export function useAnalyticsSummary(query: AnalyticsQuery) {
  return useQuery({
    queryKey: ["analytics", "summary", query],
    queryFn: ({ signal }) => callApi(getAnalyticsSummaryContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsWorkload(query: AnalyticsQuery, enabled = true) {
  return useQuery({
    queryKey: ["analytics", "workload", query],
    queryFn: ({ signal }) => callApi(getAnalyticsWorkloadContract, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsBreakdown(query: AnalyticsQuery, by: AnalyticsBreakdownBy) {
  return useQuery({
    queryKey: ["analytics", "breakdown", by, query],
    queryFn: ({ signal }) => callApi(getAnalyticsBreakdownContract, { query: { ...query, by }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsMeetings(query: AnalyticsQuery) {
  return useQuery({
    queryKey: ["analytics", "meetings", query],
    queryFn: ({ signal }) => callApi(getAnalyticsMeetingsContract, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
