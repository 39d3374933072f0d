import { useMutation } from "@tanstack/react-query";
import { verifyPartnerCodeContract } from "@tasuki/contract/billing/partner.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function verifyPartnerCode(input: { workspace_id: string; code: string }) {
  return callApi(verifyPartnerCodeContract, { body: input });
}

export function useVerifyPartnerCode() {
  return useMutation({ mutationFn: verifyPartnerCode });
}
