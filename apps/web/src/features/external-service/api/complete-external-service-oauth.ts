import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { externalServiceCallbackContract } from "@tasuki/contract/external-service/external-service-callback.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type CompleteExternalServiceOAuthInput = ContractBody<typeof externalServiceCallbackContract>;

export function completeExternalServiceOAuth(input: CompleteExternalServiceOAuthInput) {
  return callApi(externalServiceCallbackContract, { body: input });
}

export function useCompleteExternalServiceOAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeExternalServiceOAuth,
    // The page the provider sends back to reads the connections while this call runs. A first read still in
    // flight is not restarted by an invalidation (TanStack Query hands its promise back when there is no data
    // yet), so it could show the page without the new connection: it is cancelled, then read again.
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: externalServiceKeys.all });
      await queryClient.invalidateQueries({ queryKey: externalServiceKeys.all });
    },
  });
}
