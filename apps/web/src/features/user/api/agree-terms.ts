import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { agreeTermsContract } from "@tasuki/contract/user/agree-terms.contract";
import { callApi } from "../../../lib/api-client.ts";

export type AgreeTermsBody = ContractBody<typeof agreeTermsContract>;

export function agreeTerms(body: AgreeTermsBody) {
  return callApi(agreeTermsContract, { body });
}

export function useAgreeTerms() {
  return useMutation({ mutationFn: agreeTerms });
}
