import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentMethodKind } from "@tasuki/contract/billing/plan.schema";
import { setPlanContractPaymentMethodContract } from "@tasuki/contract/billing/plan-contract-payment-method.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function setPaymentMethod(input: { contractId: string; paymentMethod: PaymentMethodKind }) {
  return callApi(setPlanContractPaymentMethodContract, {
    params: { id: input.contractId },
    body: { payment_method: input.paymentMethod },
  });
}

export function useSetPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
