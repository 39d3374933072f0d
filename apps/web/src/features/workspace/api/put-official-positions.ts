import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { putOfficialPositionsContract } from "@tasuki/contract/workspace/put-official-positions.contract";
import { callApi } from "../../../lib/api-client.ts";

export type PutOfficialPositionsParams = ContractParams<typeof putOfficialPositionsContract>;
export type PutOfficialPositionsBody = ContractBody<typeof putOfficialPositionsContract>;

export function putOfficialPositions(request: { params: PutOfficialPositionsParams; body: PutOfficialPositionsBody }) {
  return callApi(putOfficialPositionsContract, request);
}

/** The position page shows a refusal (e.g. a duplicate name) next to the list, so no toast. */
export function usePutOfficialPositions() {
  return useMutation({ mutationFn: putOfficialPositions, meta: { toastError: false } });
}
