import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { callApi } from "../../../lib/api-client.ts";
import { auditLogKeys } from "./audit-log-keys.ts";

export type ListAuditLogsQuery = ContractQuery<typeof listAuditLogsContract>;

export function listAuditLogs(query: ListAuditLogsQuery, signal?: AbortSignal) {
  return callApi(listAuditLogsContract, { query, signal });
}

export function useAuditLogs(query: ListAuditLogsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => listAuditLogs(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
