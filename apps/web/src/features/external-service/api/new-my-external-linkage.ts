import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newMyExternalLinkageContract } from "@tasuki/contract/external-service/new-my-external-linkage.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type NewMyExternalLinkageInput = ContractBody<typeof newMyExternalLinkageContract>;

export function newMyExternalLinkage(input: NewMyExternalLinkageInput) {
  return callApi(newMyExternalLinkageContract, { body: input });
}

export function useNewMyExternalLinkage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newMyExternalLinkage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
