import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { listPrimaryItemTplsContract } from "@tasuki/contract/template/list-primary-item-tpls.contract";
import { callApi } from "../../../lib/api-client.ts";
import { templateKeys } from "./template-keys.ts";
import { TEMPLATES_PER_PAGE } from "./template-page-size.ts";

export function listPrimaryItemTpls(workspaceId: string, q: string, signal?: AbortSignal) {
  return callApi(listPrimaryItemTplsContract, {
    query: { workspace_id: workspaceId, per_page: TEMPLATES_PER_PAGE, page: 1, ...(q && { q }) },
    signal,
  });
}

export function primaryItemTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: templateKeys.list("primary_item", workspaceId, q),
    queryFn: ({ signal }) => listPrimaryItemTpls(workspaceId, q, signal),
    placeholderData: keepPreviousData,
  });
}
