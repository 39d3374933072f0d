import type { listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";

/** Query keys of the audit log. */
export const auditLogKeys = {
  all: ["audit-log"] as const,
  list: (query: ContractQuery<typeof listAuditLogsContract>) => ["audit-log", "list", query] as const,
};
