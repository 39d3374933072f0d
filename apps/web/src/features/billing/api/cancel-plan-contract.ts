import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cancelPlanContractContract } from "@tasuki/contract/billing/plan-contract-cancel.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function cancelPlanContract(id: string) {
  return callApi(cancelPlanContractContract, { params: { id } });
}

export function useCancelPlanContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlanContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
