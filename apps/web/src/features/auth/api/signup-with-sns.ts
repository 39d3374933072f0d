import { useMutation } from "@tanstack/react-query";
import { signupWithSnsContract } from "@tasuki/contract/auth/signup-with-sns.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type SignupWithSnsBody = ContractBody<typeof signupWithSnsContract>;

export function signupWithSns(body: SignupWithSnsBody) {
  return callApi(signupWithSnsContract, { body });
}

export function useSignupWithSns() {
  return useMutation({ mutationFn: signupWithSns });
}
