import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { changeEmailContract } from "@tasuki/contract/user/change-email.contract";
import { callApi } from "../../../lib/api-client.ts";

export type ChangeEmailBody = ContractBody<typeof changeEmailContract>;

export function changeEmail(body: ChangeEmailBody) {
  return callApi(changeEmailContract, { body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
