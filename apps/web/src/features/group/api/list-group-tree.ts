import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listGroupTreeContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { groupKeys } from "./group-keys.ts";

export type ListGroupTreeQuery = ContractQuery<typeof listGroupTreeContract>;

export function listGroupTree(query: ListGroupTreeQuery, signal?: AbortSignal) {
  return callApi(listGroupTreeContract, { query, signal });
}

export function listGroupTreeQueryOptions(query: ListGroupTreeQuery) {
  return queryOptions({
    queryKey: groupKeys.tree(query.workspace_id, query.include_members ?? "false"),
    queryFn: ({ signal }) => listGroupTree(query, signal),
  });
}

/** The whole tree of the workspace, top down (depth-first, siblings in their order). */
export function useGroupTree(workspaceId: string) {
  return useQuery(listGroupTreeQueryOptions({ workspace_id: workspaceId }));
}

/** The whole tree with the members of every group: what the org chart draws. */
export function groupTreeWithMembersQueryOptions(workspaceId: string) {
  return queryOptions({
    ...listGroupTreeQueryOptions({ workspace_id: workspaceId, include_members: "true" }),
    // A workspace switch must not show the previous workspace's chart while the next one loads.
    placeholderData: undefined,
  });
}

export function useGroupTreeWithMembers(workspaceId: string) {
  return useQuery(groupTreeWithMembersQueryOptions(workspaceId));
}
