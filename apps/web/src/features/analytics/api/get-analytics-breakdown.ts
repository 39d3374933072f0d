import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsBreakdownBy, AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsBreakdownContract } from "@tasuki/contract/analytics/get-analytics-breakdown.contract";
import { callApi } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./analytics-keys.ts";

export function getAnalyticsBreakdown(query: AnalyticsQuery, by: AnalyticsBreakdownBy, signal?: AbortSignal) {
  return callApi(getAnalyticsBreakdownContract, { query: { ...query, by }, signal });
}

export function getAnalyticsBreakdownQueryOptions(query: AnalyticsQuery, by: AnalyticsBreakdownBy) {
  return queryOptions({
    queryKey: analyticsKeys.breakdown(by, query),
    queryFn: ({ signal }) => getAnalyticsBreakdown(query, by, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsBreakdown(query: AnalyticsQuery, by: AnalyticsBreakdownBy) {
  return useQuery(getAnalyticsBreakdownQueryOptions(query, by));
}
