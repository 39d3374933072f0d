import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putProjectPositionContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type PutProjectPositionBody = ContractBody<typeof putProjectPositionContract>;

export function putProjectPosition(request: { id: string; body: PutProjectPositionBody }) {
  return callApi(putProjectPositionContract, { params: { id: request.id }, body: request.body });
}

export function usePutProjectPosition() {
  return useMutation({ mutationFn: putProjectPosition });
}
