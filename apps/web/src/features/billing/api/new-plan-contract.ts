import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function newPlanContract(body: ContractBody<typeof newPlanContractContract>) {
  return callApi(newPlanContractContract, { body });
}

export function useNewPlanContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newPlanContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
