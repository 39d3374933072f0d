import { useMutation, useQueryClient } from "@tanstack/react-query";
import { disableWorkspaceContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function disableWorkspace(workspaceId: string) {
  return callApi(disableWorkspaceContract, { params: { id: workspaceId } });
}

/** A disabled workspace is read-only: every page's data is read again. */
export function useDisableWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableWorkspace, onSuccess: () => queryClient.invalidateQueries() });
}
