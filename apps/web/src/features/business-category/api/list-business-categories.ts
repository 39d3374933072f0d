import { queryOptions, useQuery } from "@tanstack/react-query";
import { listBusinessCategoriesContract } from "@tasuki/contract/business-category/business-category.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { businessCategoryKeys } from "./business-category-keys.ts";

export function listBusinessCategories(signal?: AbortSignal) {
  return callApi(listBusinessCategoriesContract, { signal });
}

/** The 業種 catalogue is seed data: it rarely changes, so it stays fresh for the session. */
export function listBusinessCategoriesQueryOptions() {
  return queryOptions({
    queryKey: businessCategoryKeys.all(),
    queryFn: ({ signal }) => listBusinessCategories(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBusinessCategories() {
  return useQuery(listBusinessCategoriesQueryOptions());
}
