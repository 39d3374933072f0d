import { queryOptions, useQuery } from "@tanstack/react-query";
import { primaryItemIdNamesContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { itemParentQuery } from "./item-pages.ts";
import { type ItemParentRef, itemKeys } from "./task-keys.ts";

export function primaryItemIdNames(workspaceId: string, parent: string | ItemParentRef, signal?: AbortSignal) {
  return callApi(primaryItemIdNamesContract, {
    query: { workspace_id: workspaceId, ...itemParentQuery(parent) },
    signal,
  });
}

/**
 * Names of a project's 大項目, for headers and place labels of tabs that do not load the items themselves. Read by
 * rows of a virtual list, which mount again each time they scroll into view: a list that failed (another project's
 * items answer 404) is not asked for again at every mount, which with 10,000 rows meant hundreds of requests.
 */
export function primaryItemNamesQueryOptions(workspaceId: string, parent: string | ItemParentRef) {
  return queryOptions({
    queryKey: itemKeys.primaryNames(workspaceId, parent),
    queryFn: ({ signal }) => primaryItemIdNames(workspaceId, parent, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });
}

/** The live 大項目 of a project or meeting (its agenda), for the drawer's picker. */
export function usePrimaryItemNames(workspaceId: string, projectId: string | null, meetingId: string | null = null) {
  const parent = projectId ?? (meetingId ? { meeting_id: meetingId } : "");
  return useQuery({
    ...primaryItemNamesQueryOptions(workspaceId, parent),
    enabled: Boolean(projectId ?? meetingId),
    placeholderData: undefined,
  });
}
