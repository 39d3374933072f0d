import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import { callApi } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./analytics-keys.ts";

export function getAnalyticsSummary(query: AnalyticsQuery, signal?: AbortSignal) {
  return callApi(getAnalyticsSummaryContract, { query, signal });
}

export function getAnalyticsSummaryQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.summary(query),
    queryFn: ({ signal }) => getAnalyticsSummary(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsSummary(query: AnalyticsQuery) {
  return useQuery(getAnalyticsSummaryQueryOptions(query));
}
