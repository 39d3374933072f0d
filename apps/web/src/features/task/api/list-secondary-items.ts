import { queryOptions } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listSecondaryItemsContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { ITEM_PAGE_SIZE, readAllItems } from "./item-pages.ts";
import { itemKeys } from "./task-keys.ts";

export function listSecondaryItems(query: ContractQuery<typeof listSecondaryItemsContract>, signal?: AbortSignal) {
  return callApi(listSecondaryItemsContract, { query, signal });
}

/** 中項目 under a 大項目, every page. */
export function secondaryItemsQueryOptions(workspaceId: string, primaryItemId: string, trash = false) {
  return queryOptions({
    queryKey: itemKeys.secondary(workspaceId, primaryItemId, trash),
    queryFn: ({ signal }) =>
      readAllItems((page) =>
        listSecondaryItems(
          {
            workspace_id: workspaceId,
            primary_item_id: primaryItemId,
            trash: trash ? "true" : "false",
            page,
            per_page: ITEM_PAGE_SIZE,
          },
          signal,
        ),
      ),
  });
}
