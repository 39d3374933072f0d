import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { acceptInvitationContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { callApi } from "../../../lib/api-client.ts";

export type AcceptInvitationBody = ContractBody<typeof acceptInvitationContract>;

/** The signed-in user joins the workspace of an invitation mail's token. */
export function acceptInvitation(body: AcceptInvitationBody) {
  return callApi(acceptInvitationContract, { body });
}

export function useAcceptInvitation() {
  // The invitation page shows a refused token (used, expired) in the page itself.
  return useMutation({ mutationFn: acceptInvitation, meta: { toastError: false } });
}
