import { queryOptions } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { callApi } from "../../../lib/api-client.ts";
import { workspaceUserKeys } from "./workspace-user-keys.ts";

export type GetWorkspaceUserMeQuery = ContractQuery<typeof getWorkspaceUserMeContract>;

export function getWorkspaceUserMe(query: GetWorkspaceUserMeQuery, signal?: AbortSignal) {
  return callApi(getWorkspaceUserMeContract, { query, signal });
}

export function getWorkspaceUserMeQueryOptions(query: GetWorkspaceUserMeQuery) {
  return queryOptions({
    queryKey: workspaceUserKeys.me(query.workspace_id),
    queryFn: ({ signal }) => getWorkspaceUserMe(query, signal),
  });
}
