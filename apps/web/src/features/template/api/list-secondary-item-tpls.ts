import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { listSecondaryItemTplsContract } from "@tasuki/contract/template/list-secondary-item-tpls.contract";
import { callApi } from "../../../lib/api-client.ts";
import { templateKeys } from "./template-keys.ts";
import { TEMPLATES_PER_PAGE } from "./template-page-size.ts";

export function listSecondaryItemTpls(workspaceId: string, q: string, signal?: AbortSignal) {
  return callApi(listSecondaryItemTplsContract, {
    query: { workspace_id: workspaceId, per_page: TEMPLATES_PER_PAGE, page: 1, ...(q && { q }) },
    signal,
  });
}

export function secondaryItemTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: templateKeys.list("secondary_item", workspaceId, q),
    queryFn: ({ signal }) => listSecondaryItemTpls(workspaceId, q, signal),
    placeholderData: keepPreviousData,
  });
}
