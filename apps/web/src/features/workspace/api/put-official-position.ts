import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { putOfficialPositionContract } from "@tasuki/contract/workspace/put-official-positions.contract";
import { callApi } from "../../../lib/api-client.ts";

export type PutOfficialPositionParams = ContractParams<typeof putOfficialPositionContract>;
export type PutOfficialPositionBody = ContractBody<typeof putOfficialPositionContract>;

export function putOfficialPosition(request: { params: PutOfficialPositionParams; body: PutOfficialPositionBody }) {
  return callApi(putOfficialPositionContract, request);
}

export function usePutOfficialPosition() {
  return useMutation({ mutationFn: putOfficialPosition });
}
