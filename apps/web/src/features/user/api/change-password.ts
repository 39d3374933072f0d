import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { changePasswordContract } from "@tasuki/contract/user/change-password.contract";
import { callApi } from "../../../lib/api-client.ts";

export type ChangePasswordBody = ContractBody<typeof changePasswordContract>;

export function changePassword(body: ChangePasswordBody) {
  return callApi(changePasswordContract, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
