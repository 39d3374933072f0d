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
  method: "GET",
  path: "/app/audit-log/list",
  summary: "The workspace's audit log, newest first, filtered (owner and admin only); append-only, no writes",
  tags: ["audit-log"],
  auth: "bearer",
  query: pageQuerySchema.extend(auditLogFilterSchema.shape),
  response: pageOf(auditLogSchema),
});

/** The CSV download is a file, not JSON: its path is here, its route registered by hand. */
export const EXPORT_AUDIT_LOG_PATH = "/app/audit-log/export.csv";
export const exportAuditLogQuerySchema = auditLogFilterSchema;
