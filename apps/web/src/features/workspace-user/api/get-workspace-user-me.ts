import { queryOptions } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { callApi } from "../../../lib/api-client.ts";

export type GetWorkspaceUserMeQuery = ContractQuery<typeof getWorkspaceUserMeContract>;

export function getWorkspaceUserMe(query: GetWorkspaceUserMeQuery) {
  return callApi(getWorkspaceUserMeContract, { query });
}

export function getWorkspaceUserMeQueryOptions(query: GetWorkspaceUserMeQuery) {
  return queryOptions({
    queryKey: ["workspace-user", "me", query.workspace_id],
    queryFn: ({ signal }) => callApi(getWorkspaceUserMeContract, { query, signal }),
  });
}
