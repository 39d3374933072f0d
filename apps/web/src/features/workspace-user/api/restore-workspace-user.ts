import { useMutation } from "@tanstack/react-query";
import type { ContractParams } from "@tasuki/contract/common/define-contract";
import { restoreWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";

export type RestoreWorkspaceUserParams = ContractParams<typeof restoreWorkspaceUserContract>;

/** Brings a staff record back from the trash. */
export function restoreWorkspaceUser(params: RestoreWorkspaceUserParams) {
  return callApi(restoreWorkspaceUserContract, { params });
}

export function useRestoreWorkspaceUser() {
  return useMutation({ mutationFn: restoreWorkspaceUser });
}
