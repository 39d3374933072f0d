import { useQuery } from "@tanstack/react-query";
import { listCreditCardsContract } from "@tasuki/contract/billing/credit-card-list.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function listCreditCards(workspaceId: string, signal?: AbortSignal) {
  return callApi(listCreditCardsContract, { query: { workspace_id: workspaceId }, signal });
}

export function useCreditCards(workspaceId: string | undefined) {
  return useQuery({
    queryKey: billingKeys.cards(workspaceId ?? ""),
    queryFn: ({ signal }) => listCreditCards(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}
