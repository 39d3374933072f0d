import { useQuery } from "@tanstack/react-query";
import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function listPlanContracts(workspaceId: string, signal?: AbortSignal) {
  return callApi(listPlanContractsContract, { query: { workspace_id: workspaceId }, signal });
}

export function usePlanContracts(workspaceId: string | undefined) {
  return useQuery({
    queryKey: billingKeys.contracts(workspaceId ?? ""),
    queryFn: ({ signal }) => listPlanContracts(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}
