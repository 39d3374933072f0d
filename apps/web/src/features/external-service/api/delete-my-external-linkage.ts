import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteMyExternalLinkageContract } from "@tasuki/contract/external-service/delete-my-external-linkage.contract";
import type { ExternalServiceName } from "@tasuki/contract/external-service/external-service.schema";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type DeleteMyExternalLinkageInput = { service: ExternalServiceName; workspace_id: string };

export function deleteMyExternalLinkage(input: DeleteMyExternalLinkageInput) {
  return callApi(deleteMyExternalLinkageContract, {
    params: { service: input.service },
    query: { workspace_id: input.workspace_id },
  });
}

export function useDeleteMyExternalLinkage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyExternalLinkage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
