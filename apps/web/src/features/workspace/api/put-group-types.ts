import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { putGroupTypesContract } from "@tasuki/contract/workspace/put-group-types.contract";
import { callApi } from "../../../lib/api-client.ts";

export type PutGroupTypesParams = ContractParams<typeof putGroupTypesContract>;
export type PutGroupTypesBody = ContractBody<typeof putGroupTypesContract>;

export function putGroupTypes(request: { params: PutGroupTypesParams; body: PutGroupTypesBody }) {
  return callApi(putGroupTypesContract, request);
}

/** The layer page shows a refusal (a layer still in use) next to the list, so no toast. */
export function usePutGroupTypes() {
  return useMutation({ mutationFn: putGroupTypes, meta: { toastError: false } });
}
