import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractParams } from "@tasuki/contract/common/define-contract";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { callApi } from "../../../lib/api-client.ts";

export type GetWorkspaceParams = ContractParams<typeof getWorkspaceContract>;

export function getWorkspace(params: GetWorkspaceParams) {
  return callApi(getWorkspaceContract, { params });
}

export function getWorkspaceQueryOptions(params: GetWorkspaceParams) {
  return queryOptions({
    queryKey: ["workspace", params.id],
    queryFn: ({ signal }) => callApi(getWorkspaceContract, { params, signal }),
  });
}

export function useWorkspace(id: string | null | undefined) {
  return useQuery({ ...getWorkspaceQueryOptions({ id: id ?? "" }), enabled: Boolean(id) });
}
