import { useMutation } from "@tanstack/react-query";
import { verificationCodeConfContract } from "@tasuki/contract/auth/verification-code-conf.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type ConfirmVerificationCodeBody = ContractBody<typeof verificationCodeConfContract>;

export function confirmVerificationCode(body: ConfirmVerificationCodeBody) {
  return callApi(verificationCodeConfContract, { body });
}

export function useConfirmVerificationCode() {
  return useMutation({ mutationFn: confirmVerificationCode });
}
