import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractParams } from "@tasuki/contract/common/define-contract";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { callApi } from "../../../lib/api-client.ts";
import { workspaceKeys } from "./workspace-keys.ts";

export type GetWorkspaceParams = ContractParams<typeof getWorkspaceContract>;

export function getWorkspace(params: GetWorkspaceParams, signal?: AbortSignal) {
  return callApi(getWorkspaceContract, { params, signal });
}

export function getWorkspaceQueryOptions(params: GetWorkspaceParams) {
  return queryOptions({
    queryKey: workspaceKeys.detail(params.id),
    queryFn: ({ signal }) => getWorkspace(params, signal),
  });
}

export function useWorkspace(id: string | null | undefined) {
  return useQuery({ ...getWorkspaceQueryOptions({ id: id ?? "" }), enabled: Boolean(id) });
}
