import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { callApi } from "../../../lib/api-client.ts";

export type NewWorkspaceUserBody = ContractBody<typeof newWorkspaceUserContract>;

/** Invites a staff member: the record is `invited` and the invitation mail is sent. */
export function newWorkspaceUser(body: NewWorkspaceUserBody) {
  return callApi(newWorkspaceUserContract, { body });
}

/** `toastError: false` where a form shows the failure next to its fields instead. */
export function useNewWorkspaceUser(options: { toastError?: boolean } = {}) {
  return useMutation({ mutationFn: newWorkspaceUser, meta: { toastError: options.toastError } });
}
