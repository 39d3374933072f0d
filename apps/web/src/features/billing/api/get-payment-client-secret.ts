import { useMutation } from "@tanstack/react-query";
import { paymentClientSecretContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import { callApi } from "../../../lib/api-client.ts";

/** A fresh SetupIntent each time a card is to be added (a secret is used once), so a mutation, not a cached query. */
export function getPaymentClientSecret(workspaceId: string) {
  return callApi(paymentClientSecretContract, { params: { id: workspaceId } });
}

export function usePaymentClientSecret() {
  return useMutation({ mutationFn: getPaymentClientSecret });
}
