import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { listTaskTplsContract } from "@tasuki/contract/template/list-task-tpls.contract";
import { callApi } from "../../../lib/api-client.ts";
import { templateKeys } from "./template-keys.ts";
import { TEMPLATES_PER_PAGE } from "./template-page-size.ts";

export function listTaskTpls(workspaceId: string, q: string, signal?: AbortSignal) {
  return callApi(listTaskTplsContract, {
    query: { workspace_id: workspaceId, per_page: TEMPLATES_PER_PAGE, page: 1, ...(q && { q }) },
    signal,
  });
}

export function taskTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: templateKeys.list("task", workspaceId, q),
    queryFn: ({ signal }) => listTaskTpls(workspaceId, q, signal),
    placeholderData: keepPreviousData,
  });
}
