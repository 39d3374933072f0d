import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import { callApi } from "../../../lib/api-client.ts";

export type CreateWorkspaceBody = ContractBody<typeof newWorkspaceContract>;

export function createWorkspace(body: CreateWorkspaceBody) {
  return callApi(newWorkspaceContract, { body });
}

export function useCreateWorkspace() {
  return useMutation({ mutationFn: createWorkspace });
}
