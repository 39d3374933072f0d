import { useMutation } from "@tanstack/react-query";
import { verificationCodeNewContract } from "@tasuki/contract/auth/verification-code-new.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type RequestVerificationCodeBody = ContractBody<typeof verificationCodeNewContract>;

export function requestVerificationCode(body: RequestVerificationCodeBody) {
  return callApi(verificationCodeNewContract, { body });
}

export function useRequestVerificationCode() {
  return useMutation({ mutationFn: requestVerificationCode });
}
