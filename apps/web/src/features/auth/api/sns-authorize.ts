import { useMutation } from "@tanstack/react-query";
import { snsAuthorizeContract } from "@tasuki/contract/auth/sns-authorize.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type SnsAuthorizeBody = ContractBody<typeof snsAuthorizeContract>;

export function snsAuthorize(body: SnsAuthorizeBody) {
  return callApi(snsAuthorizeContract, { body });
}

export function useSnsAuthorize() {
  return useMutation({ mutationFn: snsAuthorize });
}
