import { useMutation } from "@tanstack/react-query";
import { signupWithEmailContract } from "@tasuki/contract/auth/signup-with-email.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type SignupWithEmailBody = ContractBody<typeof signupWithEmailContract>;

export function signupWithEmail(body: SignupWithEmailBody) {
  return callApi(signupWithEmailContract, { body });
}

export function useSignupWithEmail() {
  return useMutation({ mutationFn: signupWithEmail });
}
