import { useMutation } from "@tanstack/react-query";
import { EXPORT_AUDIT_LOG_PATH, type exportAuditLogQuerySchema } from "@tasuki/contract/audit-log/audit-log.contracts";
import type { z } from "zod";
import { fetchApiFile } from "../../../lib/api-blob.ts";

export type ExportAuditLogQuery = z.input<typeof exportAuditLogQuerySchema>;

/** The filtered log as a CSV file (UTF-8 with BOM), fetched with the bearer token. */
export function exportAuditLog(query: ExportAuditLogQuery) {
  return fetchApiFile(EXPORT_AUDIT_LOG_PATH, {
    query: Object.fromEntries(
      Object.entries(query).filter(([, value]) => value !== undefined && value !== ""),
    ) as Record<string, string>,
  });
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
