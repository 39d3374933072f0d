import { useMutation } from "@tanstack/react-query";
import type { ContractBody, ContractResponse } from "@tasuki/contract/common/define-contract";
import { importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import { callApi } from "../../../lib/api-client.ts";

export type ImportStaffBody = ContractBody<typeof importStaffContract>;
export type ImportStaffResult = ContractResponse<typeof importStaffContract>;

/** Checks (dry_run) or writes staff rows read from a CSV file. */
export function importStaff(body: ImportStaffBody) {
  return callApi(importStaffContract, { body });
}

/** `toastError: false` where the import dialog shows the failure itself. */
export function useImportStaff(options: { toastError?: boolean } = {}) {
  return useMutation({ mutationFn: importStaff, meta: { toastError: options.toastError } });
}
