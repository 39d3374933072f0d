import { useMutation } from "@tanstack/react-query";
import { loginWithSnsContract } from "@tasuki/contract/auth/login-with-sns.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type LoginWithSnsBody = ContractBody<typeof loginWithSnsContract>;

export function loginWithSns(body: LoginWithSnsBody) {
  return callApi(loginWithSnsContract, { body });
}

export function useLoginWithSns() {
  return useMutation({ mutationFn: loginWithSns });
}
