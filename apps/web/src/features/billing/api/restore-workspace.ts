import { useMutation, useQueryClient } from "@tanstack/react-query";
import { restoreWorkspaceContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreWorkspace(workspaceId: string) {
  return callApi(restoreWorkspaceContract, { params: { id: workspaceId } });
}

/** A restored workspace may write again: every page's data is read again. */
export function useRestoreWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreWorkspace, onSuccess: () => queryClient.invalidateQueries() });
}
