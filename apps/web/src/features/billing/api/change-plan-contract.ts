import { useMutation, useQueryClient } from "@tanstack/react-query";
import { changePlanContractContract } from "@tasuki/contract/billing/plan-contract-change.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function changePlanContract(body: ContractBody<typeof changePlanContractContract>) {
  return callApi(changePlanContractContract, { body });
}

export function useChangePlanContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlanContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
