import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateWorkspaceParams = ContractParams<typeof updateWorkspaceContract>;
export type UpdateWorkspaceBody = ContractBody<typeof updateWorkspaceContract>;

export function updateWorkspace(request: { params: UpdateWorkspaceParams; body: UpdateWorkspaceBody }) {
  return callApi(updateWorkspaceContract, request);
}

export function useUpdateWorkspace() {
  return useMutation({ mutationFn: updateWorkspace });
}
