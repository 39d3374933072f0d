import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsMeetingsContract } from "@tasuki/contract/analytics/get-analytics-meetings.contract";
import { callApi } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./analytics-keys.ts";

export function getAnalyticsMeetings(query: AnalyticsQuery, signal?: AbortSignal) {
  return callApi(getAnalyticsMeetingsContract, { query, signal });
}

export function getAnalyticsMeetingsQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.meetings(query),
    queryFn: ({ signal }) => getAnalyticsMeetings(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsMeetings(query: AnalyticsQuery) {
  return useQuery(getAnalyticsMeetingsQueryOptions(query));
}
