import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listAiPrimaryTplsContract } from "@tasuki/contract/template/list-ai-primary-tpls.contract";
import { callApi } from "../../../lib/api-client.ts";
import { templateKeys } from "./template-keys.ts";

export function listAiPrimaryTpls(workspaceId: string, businessCategoryId: string | undefined, signal?: AbortSignal) {
  return callApi(listAiPrimaryTplsContract, {
    query: { workspace_id: workspaceId, ...(businessCategoryId && { business_category_id: businessCategoryId }) },
    signal,
  });
}

/** The read-only AI catalogue for a 業種 (the workspace's own when none is named); it is seed data, so it stays fresh. */
export function aiCatalogueQueryOptions(workspaceId: string, businessCategoryId: string | undefined) {
  return queryOptions({
    queryKey: templateKeys.aiCatalogue(workspaceId, businessCategoryId),
    queryFn: ({ signal }) => listAiPrimaryTpls(workspaceId, businessCategoryId, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useAiCatalogue = (workspaceId: string, businessCategoryId: string | undefined) =>
  useQuery(aiCatalogueQueryOptions(workspaceId, businessCategoryId));
