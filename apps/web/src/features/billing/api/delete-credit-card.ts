import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteCreditCardContract } from "@tasuki/contract/billing/credit-card-delete.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function deleteCreditCard(id: string) {
  return callApi(deleteCreditCardContract, { params: { id } });
}

export function useDeleteCreditCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCreditCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
