import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newExternalServiceContract } from "@tasuki/contract/external-service/new-external-service.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type NewExternalServiceInput = ContractBody<typeof newExternalServiceContract>;

export function newExternalService(input: NewExternalServiceInput) {
  return callApi(newExternalServiceContract, { body: input });
}

export function useNewExternalService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newExternalService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
