import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newCompanyContract, updateCompanyContract } from "@tasuki/contract/billing/company.contracts";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";
import { billingKeys } from "./billing-keys.ts";

export type CompanyBody = ContractBody<typeof updateCompanyContract>;

/**
 * `company/new` the first time, `PATCH company/{id}` after: the company and billing-info pages share one save,
 * whichever of them is filled in first.
 */
export function saveCompany(input: { workspaceId: string; companyId: string | null; body: CompanyBody }) {
  if (input.companyId) {
    return callApi(updateCompanyContract, { params: { id: input.companyId }, body: input.body });
  }
  const { name, ...rest } = input.body;
  return callApi(newCompanyContract, { body: { ...rest, name: name ?? "", workspace_id: input.workspaceId } });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    // The form puts a wrong 法人番号 or 登録番号 under its field and toasts the rest itself.
    meta: { toastError: false },
    onSuccess: (company) => {
      queryClient.setQueryData(billingKeys.company(company.id), company);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}
