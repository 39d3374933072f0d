import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function listInvoices(workspaceId: string, page: number, signal?: AbortSignal) {
  return callApi(listInvoicesContract, { query: { workspace_id: workspaceId, page, per_page: 20 }, signal });
}

export function useInvoices(workspaceId: string | undefined, page: number, enabled = true) {
  return useQuery({
    queryKey: billingKeys.invoices(workspaceId ?? "", page),
    queryFn: ({ signal }) => listInvoices(workspaceId!, page, signal),
    enabled: enabled && Boolean(workspaceId),
    placeholderData: keepPreviousData,
  });
}
