import { queryOptions, useQuery } from "@tanstack/react-query";
import { secondaryItemIdNamesContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { itemKeys } from "./task-keys.ts";

export function secondaryItemIdNames(workspaceId: string, primaryItemId: string, signal?: AbortSignal) {
  return callApi(secondaryItemIdNamesContract, {
    query: { workspace_id: workspaceId, primary_item_id: primaryItemId },
    signal,
  });
}

/** Names of a 大項目's 中項目 (see primaryItemNamesQueryOptions for why a failed list is not asked again at each mount). */
export function secondaryItemNamesQueryOptions(workspaceId: string, primaryItemId: string) {
  return queryOptions({
    queryKey: itemKeys.secondaryNames(workspaceId, primaryItemId),
    queryFn: ({ signal }) => secondaryItemIdNames(workspaceId, primaryItemId, signal),
    staleTime: 60_000,
    retryOnMount: false,
  });
}

/** The live 中項目 under a 大項目, for the drawer's picker. */
export function useSecondaryItemNames(workspaceId: string, primaryItemId: string | null) {
  return useQuery({
    ...secondaryItemNamesQueryOptions(workspaceId, primaryItemId ?? ""),
    enabled: Boolean(primaryItemId),
    placeholderData: undefined,
  });
}
