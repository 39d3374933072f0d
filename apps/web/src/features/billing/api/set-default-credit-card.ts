import { useMutation, useQueryClient } from "@tanstack/react-query";
import { setDefaultCreditCardContract } from "@tasuki/contract/billing/credit-card-default.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function setDefaultCreditCard(id: string) {
  return callApi(setDefaultCreditCardContract, { params: { id } });
}

export function useSetDefaultCreditCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCreditCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
