import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsWorkloadContract } from "@tasuki/contract/analytics/get-analytics-workload.contract";
import { callApi } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./analytics-keys.ts";

export function getAnalyticsWorkload(query: AnalyticsQuery, signal?: AbortSignal) {
  return callApi(getAnalyticsWorkloadContract, { query, signal });
}

export function getAnalyticsWorkloadQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.workload(query),
    queryFn: ({ signal }) => getAnalyticsWorkload(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsWorkload(query: AnalyticsQuery, enabled = true) {
  return useQuery({ ...getAnalyticsWorkloadQueryOptions(query), enabled });
}
