import { useMutation } from "@tanstack/react-query";
import type { ContractParams } from "@tasuki/contract/common/define-contract";
import { deleteWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";

export type DeleteWorkspaceUserParams = ContractParams<typeof deleteWorkspaceUserContract>;

/** Moves a staff record to the trash. */
export function deleteWorkspaceUser(params: DeleteWorkspaceUserParams) {
  return callApi(deleteWorkspaceUserContract, { params });
}

export function useDeleteWorkspaceUser() {
  return useMutation({ mutationFn: deleteWorkspaceUser });
}
