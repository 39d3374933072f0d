import { useQuery } from "@tanstack/react-query";
import { getMyPartnerContract } from "@tasuki/contract/billing/partner.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function getMyPartner(workspaceId: string, signal?: AbortSignal) {
  return callApi(getMyPartnerContract, { query: { workspace_id: workspaceId }, signal });
}

export function useMyPartner(workspaceId: string | undefined) {
  return useQuery({
    queryKey: billingKeys.partner(workspaceId ?? ""),
    queryFn: ({ signal }) => getMyPartner(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}
