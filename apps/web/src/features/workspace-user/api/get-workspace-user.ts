import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractParams } from "@tasuki/contract/common/define-contract";
import { getWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";
import { workspaceUserKeys } from "./workspace-user-keys.ts";

export type GetWorkspaceUserParams = ContractParams<typeof getWorkspaceUserContract>;

export function getWorkspaceUser(params: GetWorkspaceUserParams, signal?: AbortSignal) {
  return callApi(getWorkspaceUserContract, { params, signal });
}

export function getWorkspaceUserQueryOptions(params: GetWorkspaceUserParams) {
  return queryOptions({
    queryKey: workspaceUserKeys.detail(params.id),
    queryFn: ({ signal }) => getWorkspaceUser(params, signal),
    // Another person's record must never stand in for the one asked for.
    placeholderData: undefined,
  });
}

export function useWorkspaceUser(id: string | null | undefined) {
  return useQuery({ ...getWorkspaceUserQueryOptions({ id: id ?? "" }), enabled: Boolean(id) });
}
