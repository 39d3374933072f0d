import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listPrimaryItemsContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { ITEM_PAGE_SIZE, itemParentQuery, readAllItems } from "./item-pages.ts";
import { type ItemParentRef, itemKeys } from "./task-keys.ts";

export function listPrimaryItems(query: ContractQuery<typeof listPrimaryItemsContract>, signal?: AbortSignal) {
  return callApi(listPrimaryItemsContract, { query, signal });
}

/** 大項目 of a project or a meeting's agenda, every page. */
export function primaryItemsQueryOptions(workspaceId: string, parent: string | ItemParentRef, trash = false) {
  return queryOptions({
    queryKey: itemKeys.primary(workspaceId, parent, trash),
    queryFn: ({ signal }) =>
      readAllItems((page) =>
        listPrimaryItems(
          {
            workspace_id: workspaceId,
            ...itemParentQuery(parent),
            trash: trash ? "true" : "false",
            page,
            per_page: ITEM_PAGE_SIZE,
          },
          signal,
        ),
      ),
  });
}

export function usePrimaryItems(workspaceId: string, projectId: string | undefined, trash = false) {
  return useQuery({ ...primaryItemsQueryOptions(workspaceId, projectId ?? "", trash), enabled: Boolean(projectId) });
}
