import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { putWorkspaceUserPositionContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { callApi } from "../../../lib/api-client.ts";

export type PutWorkspaceUserPositionParams = ContractParams<typeof putWorkspaceUserPositionContract>;
export type PutWorkspaceUserPositionBody = ContractBody<typeof putWorkspaceUserPositionContract>;

/** Moves a staff record between two others in the manual order (表示順). */
export function putWorkspaceUserPosition(request: {
  params: PutWorkspaceUserPositionParams;
  body: PutWorkspaceUserPositionBody;
}) {
  return callApi(putWorkspaceUserPositionContract, request);
}

export function usePutWorkspaceUserPosition() {
  return useMutation({ mutationFn: putWorkspaceUserPosition });
}
