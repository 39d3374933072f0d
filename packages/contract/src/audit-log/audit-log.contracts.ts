import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema } from "../common/list.schema.ts";
import { auditActionSchema, auditEntitySchema, auditLogSchema } from "./audit-log.schema.ts";

const dateQuery = z.iso.date({ error: "日付はYYYY-MM-DD形式で入力してください" });

/** Filters of the 監査ログ page; the dates are Asia/Tokyo days, both ends included. */
export const auditLogFilterSchema = z.object({
  workspace_id: idSchema,
  /** The staff member who acted. */
  actor_id: idSchema.optional(),
  entity: auditEntitySchema.optional(),
  action: auditActionSchema.optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
});

export const listAuditLogsContract = defineContract({
  operationId: "listAuditLogs",
  method: "GET",
  path: "/app/audit-log/list",
  summary: "The workspace's audit log, newest first, filtered (owner and admin only); append-only, no writes",
  tags: ["audit-log"],
  auth: "bearer",
  query: pageQuerySchema.extend(auditLogFilterSchema.shape),
  response: pageOf(auditLogSchema),
});

export const exportAuditLogQuerySchema = auditLogFilterSchema;

/** The CSV download is a file (bytes), not JSON: the route sends it itself. */
export const exportAuditLogContract = defineContract({
  operationId: "exportAuditLog",
  method: "GET",
  path: "/app/audit-log/export.csv",
  summary: "The filtered audit log as a CSV file that Excel opens as is (owner and admin): UTF-8 with BOM",
  tags: ["audit-log"],
  auth: "bearer",
  query: exportAuditLogQuerySchema,
  produces: ["text/csv"],
  response: z
    .string()
    .describe("日時,操作者,対象,対象名,操作,変更内容,ID (CRLF, RFC 4180), newest first, at most 10,000 rows"),
});

export const EXPORT_AUDIT_LOG_PATH = exportAuditLogContract.path;
