import { useMutation } from "@tanstack/react-query";
import { cancelEmailChangeContract } from "@tasuki/contract/user/cancel-email-change.contract";
import { callApi } from "../../../lib/api-client.ts";

export function cancelEmailChange() {
  return callApi(cancelEmailChangeContract);
}

export function useCancelEmailChange() {
  return useMutation({ mutationFn: () => cancelEmailChange() });
}
