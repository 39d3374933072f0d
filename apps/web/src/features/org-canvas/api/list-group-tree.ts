import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractResponse } from "@tasuki/contract/common/define-contract";
import { listGroupTreeContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type GroupTree = ContractResponse<typeof listGroupTreeContract>;

/** The whole tree with the members of every group: what the org chart draws. */
export function listGroupTreeWithMembers(workspaceId: string, signal?: AbortSignal) {
  return callApi(listGroupTreeContract, { query: { workspace_id: workspaceId, include_members: "true" }, signal });
}

export function groupTreeWithMembersQueryOptions(workspaceId: string) {
  return queryOptions({
    // Under ["group"] so that any change to groups (here or on the definition pages) refreshes the chart.
    queryKey: ["group", "topdown", workspaceId, { include_members: true }],
    queryFn: ({ signal }) => listGroupTreeWithMembers(workspaceId, signal),
    // A workspace switch must not show the previous workspace's chart while the next one loads.
    placeholderData: undefined,
  });
}

export function useGroupTreeWithMembers(workspaceId: string) {
  return useQuery(groupTreeWithMembersQueryOptions(workspaceId));
}
