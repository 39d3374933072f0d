import { useMutation } from "@tanstack/react-query";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type LoginWithEmailBody = ContractBody<typeof loginWithEmailContract>;

export function loginWithEmail(body: LoginWithEmailBody) {
  return callApi(loginWithEmailContract, { body });
}

export function useLoginWithEmail() {
  return useMutation({ mutationFn: loginWithEmail });
}
