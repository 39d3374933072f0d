import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { linkSnsContract } from "@tasuki/contract/user/link-sns.contract";
import { callApi } from "../../../lib/api-client.ts";

export type LinkSnsBody = ContractBody<typeof linkSnsContract>;

export function linkSns(body: LinkSnsBody) {
  return callApi(linkSnsContract, { body });
}

export function useLinkSns() {
  return useMutation({ mutationFn: linkSns });
}
