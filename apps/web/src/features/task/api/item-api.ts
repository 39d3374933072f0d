import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  deletePrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
  primaryItemIdNamesContract,
  putPrimaryItemPositionContract,
  restorePrimaryItemContract,
  updatePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import type { PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import {
  deleteSecondaryItemContract,
  listSecondaryItemsContract,
  newSecondaryItemContract,
  putSecondaryItemPositionContract,
  restoreSecondaryItemContract,
  secondaryItemIdNamesContract,
  updateSecondaryItemContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import { callApi } from "../../../lib/api-client.ts";

/** 大項目 and 中項目 of the task lists and meeting agendas: one module, since the two have the same shape and calls. */

/** Where primary items hang: a project (a string is a project id) or a meeting (its agenda). */
export type ItemParentRef = { project_id: string } | { meeting_id: string };
const refOf = (parent: string | ItemParentRef): ItemParentRef =>
  typeof parent === "string" ? { project_id: parent } : parent;
const keyOf = (parent: string | ItemParentRef) => {
  const ref = refOf(parent);
  return "meeting_id" in ref ? `meeting:${ref.meeting_id}` : ref.project_id;
};

const ITEM_PAGE_SIZE = 200;
/** A project with more than 2,000 items is not a plan anyone reads; the list stops there. */
const MAX_ITEM_PAGES = 10;

async function readAll<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const first = await read(1);
  const items = [...first.items];
  for (let page = 2; items.length < first.total && page <= MAX_ITEM_PAGES; page += 1) {
    const next = await read(page);
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return items;
}

export function primaryItemsQueryOptions(workspaceId: string, parent: string | ItemParentRef, trash = false) {
  return queryOptions({
    queryKey: ["task-item", "primary", workspaceId, keyOf(parent), trash],
    queryFn: ({ signal }) =>
      readAll<PrimaryItem>((page) =>
        callApi(listPrimaryItemsContract, {
          query: {
            workspace_id: workspaceId,
            ...refOf(parent),
            trash: trash ? "true" : "false",
            page,
            per_page: ITEM_PAGE_SIZE,
          },
          signal,
        }),
      ),
  });
}

export function usePrimaryItems(workspaceId: string, projectId: string | undefined, trash = false) {
  return useQuery({ ...primaryItemsQueryOptions(workspaceId, projectId ?? "", trash), enabled: Boolean(projectId) });
}

export function secondaryItemsQueryOptions(workspaceId: string, primaryItemId: string, trash = false) {
  return queryOptions({
    queryKey: ["task-item", "secondary", workspaceId, primaryItemId, trash],
    queryFn: ({ signal }) =>
      readAll<SecondaryItem>((page) =>
        callApi(listSecondaryItemsContract, {
          query: {
            workspace_id: workspaceId,
            primary_item_id: primaryItemId,
            trash: trash ? "true" : "false",
            page,
            per_page: ITEM_PAGE_SIZE,
          },
          signal,
        }),
      ),
  });
}

/**
 * Names of a project's 大項目, for headers and place labels of tabs that do not load the items themselves. Read by
 * rows of a virtual list, which mount again each time they scroll into view: a list that failed (another project's
 * items answer 404) is not asked for again at every mount, which with 10,000 rows meant hundreds of requests.
 */
export function primaryItemNamesQueryOptions(workspaceId: string, parent: string | ItemParentRef) {
  return queryOptions({
    queryKey: ["task-item", "primary-names", workspaceId, keyOf(parent)],
    queryFn: ({ signal }) =>
      callApi(primaryItemIdNamesContract, { query: { workspace_id: workspaceId, ...refOf(parent) }, signal }),
    staleTime: 60_000,
    retryOnMount: false,
  });
}

export function secondaryItemNamesQueryOptions(workspaceId: string, primaryItemId: string) {
  return queryOptions({
    queryKey: ["task-item", "secondary-names", workspaceId, primaryItemId],
    queryFn: ({ signal }) =>
      callApi(secondaryItemIdNamesContract, {
        query: { workspace_id: workspaceId, primary_item_id: primaryItemId },
        signal,
      }),
    staleTime: 60_000,
    retryOnMount: false,
  });
}

export type ItemLevel = "primary" | "secondary";

export function newPrimaryItem(body: { workspace_id: string; name: string } & ItemParentRef) {
  return callApi(newPrimaryItemContract, { body });
}

export function newSecondaryItem(body: { workspace_id: string; primary_item_id: string; name: string }) {
  return callApi(newSecondaryItemContract, { body });
}

export function renameItem(level: ItemLevel, id: string, name: string) {
  return level === "primary"
    ? callApi(updatePrimaryItemContract, { params: { id }, body: { name } })
    : callApi(updateSecondaryItemContract, { params: { id }, body: { name } });
}

export function deleteItem(level: ItemLevel, id: string) {
  return level === "primary"
    ? callApi(deletePrimaryItemContract, { params: { id } })
    : callApi(deleteSecondaryItemContract, { params: { id } });
}

export function restoreItem(level: ItemLevel, id: string) {
  return level === "primary"
    ? callApi(restorePrimaryItemContract, { params: { id } })
    : callApi(restoreSecondaryItemContract, { params: { id } });
}

export function putItemPosition(
  level: ItemLevel,
  id: string,
  body: { prev_id: string | null; next_id: string | null },
) {
  return level === "primary"
    ? callApi(putPrimaryItemPositionContract, { params: { id }, body })
    : callApi(putSecondaryItemPositionContract, { params: { id }, body });
}
