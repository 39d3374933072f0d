import { useMutation } from "@tanstack/react-query";
import { resetPasswordContract } from "@tasuki/contract/auth/reset-password.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type ResetPasswordBody = ContractBody<typeof resetPasswordContract>;

export function resetPassword(body: ResetPasswordBody) {
  return callApi(resetPasswordContract, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
