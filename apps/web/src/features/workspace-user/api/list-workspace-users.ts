import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import { callApi } from "../../../lib/api-client.ts";
import { workspaceUserKeys } from "./workspace-user-keys.ts";

export type ListWorkspaceUsersQuery = ContractQuery<typeof listWorkspaceUsersContract>;

export function listWorkspaceUsers(query: ListWorkspaceUsersQuery, signal?: AbortSignal) {
  return callApi(listWorkspaceUsersContract, { query, signal });
}

export function listWorkspaceUsersQueryOptions(query: ListWorkspaceUsersQuery) {
  return queryOptions({
    queryKey: workspaceUserKeys.list(query),
    queryFn: ({ signal }) => listWorkspaceUsers(query, signal),
  });
}

export function useWorkspaceUsers(query: ListWorkspaceUsersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listWorkspaceUsersQueryOptions(query), enabled: options.enabled ?? true });
}
