import { useQuery } from "@tanstack/react-query";
import { getCompanyContract } from "@tasuki/contract/billing/company.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export function getCompany(id: string, signal?: AbortSignal) {
  return callApi(getCompanyContract, { params: { id }, signal });
}

/** The workspace's company, once registered (its id comes with the plan's usage). */
export function useCompany(companyId: string | null | undefined) {
  return useQuery({
    queryKey: billingKeys.company(companyId ?? ""),
    queryFn: ({ signal }) => getCompany(companyId!, signal),
    enabled: Boolean(companyId),
  });
}
