import { useMutation } from "@tanstack/react-query";
import { logoutContract } from "@tasuki/contract/auth/logout.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";

export type LogoutBody = ContractBody<typeof logoutContract>;

/** Revokes the session on the server; the local sign-out does not wait for it to succeed. */
export function logout(body: LogoutBody) {
  return callApi(logoutContract, { body });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
