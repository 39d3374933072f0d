import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

/** What the log tells about: the workspace's own entities, and `session` for sign-ins. */
export const auditEntitySchema = z.enum([
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
]);
export type AuditEntity = z.infer<typeof auditEntitySchema>;

export const auditActionSchema = z.enum(["created", "updated", "deleted", "restored", "login"]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** One change: who (null: the system), what, when, and the changed fields before and after. */
export const auditLogSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    actor: staffRefSchema.nullable(),
    entity: auditEntitySchema,
    entity_id: idSchema.nullable(),
    /** A readable name of the entity (task title, staff name…) as it was, where it has one. */
    entity_label: z.string().nullable(),
    action: auditActionSchema,
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
