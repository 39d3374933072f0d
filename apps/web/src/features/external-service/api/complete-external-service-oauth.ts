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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
