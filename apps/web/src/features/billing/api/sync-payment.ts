import { useMutation, useQueryClient } from "@tanstack/react-query";
import { syncPaymentContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

/** After Stripe confirmed a card (or with the local provider's chosen test card): pulls the cards in. */
export function syncPayment(input: { workspaceId: string; localTestCard?: string }) {
  return callApi(syncPaymentContract, {
    params: { id: input.workspaceId },
    body: input.localTestCard ? { local_test_card: input.localTestCard } : {},
  });
}

export function useSyncPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
