import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { putWorkspaceUserStatusContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";

export type PutWorkspaceUserStatusParams = ContractParams<typeof putWorkspaceUserStatusContract>;
export type PutWorkspaceUserStatusBody = ContractBody<typeof putWorkspaceUserStatusContract>;

/** Suspends, retires or reactivates a staff member. */
export function putWorkspaceUserStatus(request: {
  params: PutWorkspaceUserStatusParams;
  body: PutWorkspaceUserStatusBody;
}) {
  return callApi(putWorkspaceUserStatusContract, request);
}

export function usePutWorkspaceUserStatus() {
  return useMutation({ mutationFn: putWorkspaceUserStatus });
}
