import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

/**
 * Every entity the audit log can hold: the argument of each table's `tasuki_audit(…)` trigger (migrations), and
 * `session` / `system` of the operator events (sign-ins, renewals, application errors). The migrations cannot import
 * this list: `audit-log.routes.test.ts` reads the triggers from the database's catalog and fails on one not here.
 */
export const AUDIT_ENTITIES = [
  "workspace",
  "workspace_user",
  "group_type",
  "official_position",
  "group",
  "group_member",
  "project",
  "project_member",
  "primary_item",
  "secondary_item",
  "task",
  "task_attachment",
  "task_comment",
  "task_watcher",
  "plan_contract",
  "credit_card",
  "invoice",
  "company",
  "billing_account",
  "meeting",
  "meeting_participant",
  "workspace_external_service",
  "external_link",
  "external_route",
  "session",
  "system",
] as const;
export const auditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

/** The trigger's four, and the operator events' (only sign-ins show on a workspace's page). */
export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "restored",
  "login",
  "signup",
  "token_renewal",
  "error",
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * An answer names what the row holds, known or not: a row written by a newer version (or a trigger added without
 * its contract) is shown as stored instead of failing the whole page.
 */
const storedValue = <T extends z.ZodEnum>(known: T, what: string) =>
  z.union([known, z.string().describe(`${what} this version does not know, as stored`)]);

/** One change: who (null: the system), what, when, and the changed fields before and after. */
export const auditLogSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    actor: staffRefSchema.nullable(),
    entity: storedValue(auditEntitySchema, "an entity"),
    entity_id: idSchema.nullable(),
    /** A readable name of the entity (task title, staff name…) as it was, where it has one. */
    entity_label: z.string().nullable(),
    action: storedValue(auditActionSchema, "an action"),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    /**
     * Today's names of the people and rows the changed fields point to (assignee_id, group_id, created_by …),
     * by id, so that a reader sees 山田　太郎 instead of an id. An id that names nothing any more is left out.
     */
    names: z.record(z.string(), z.string()),
    created_at: timestampSchema,
  })
  .meta({ id: "AuditLog" });
export type AuditLog = z.infer<typeof auditLogSchema>;
