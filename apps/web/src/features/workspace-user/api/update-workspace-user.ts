import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { updateWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateWorkspaceUserParams = ContractParams<typeof updateWorkspaceUserContract>;
export type UpdateWorkspaceUserBody = ContractBody<typeof updateWorkspaceUserContract>;

/** Edits a staff record; for a record still invited, any PATCH (even `{}`) mails a fresh invitation link. */
export function updateWorkspaceUser(request: { params: UpdateWorkspaceUserParams; body: UpdateWorkspaceUserBody }) {
  return callApi(updateWorkspaceUserContract, request);
}

/** `toastError: false` where a form shows the failure next to its fields instead. */
export function useUpdateWorkspaceUser(options: { toastError?: boolean } = {}) {
  return useMutation({ mutationFn: updateWorkspaceUser, meta: { toastError: options.toastError } });
}
