import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractQuery } from "@tasuki/contract/common/define-contract";
import { updateWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/update-workspace-user-me.contract";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateWorkspaceUserMeQuery = ContractQuery<typeof updateWorkspaceUserMeContract>;
export type UpdateWorkspaceUserMeBody = ContractBody<typeof updateWorkspaceUserMeContract>;

export function updateWorkspaceUserMe(request: { query: UpdateWorkspaceUserMeQuery; body: UpdateWorkspaceUserMeBody }) {
  return callApi(updateWorkspaceUserMeContract, request);
}

export function useUpdateWorkspaceUserMe() {
  return useMutation({ mutationFn: updateWorkspaceUserMe });
}
