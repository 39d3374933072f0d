import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import type { ExternalServiceName } from "@tasuki/contract/external-service/external-service.schema";
import { patchMyExternalLinkageContract } from "@tasuki/contract/external-service/patch-my-external-linkage.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type PatchMyExternalLinkageInput = { service: ExternalServiceName } & ContractBody<
  typeof patchMyExternalLinkageContract
>;

export function patchMyExternalLinkage(input: PatchMyExternalLinkageInput) {
  return callApi(patchMyExternalLinkageContract, {
    params: { service: input.service },
    body: { workspace_id: input.workspace_id, kinds: input.kinds },
  });
}

export function usePatchMyExternalLinkage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchMyExternalLinkage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
