import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { primaryId } from "./columns.ts";

/**
 * The audit log: append-only (a trigger refuses UPDATE and DELETE). Rows of a workspace are written by
 * the `tasuki_audit` trigger on its tables, with the actor taken from the transaction-local setting
 * `tasuki.actor` (see db/actor.ts); rows without a workspace are operator events (sign-up, login, token
 * renewal, application errors). No foreign keys: the log outlives what it tells about.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id"),
    /** The signed-in user behind the change; null for the system (jobs) or an anonymous call. */
    actorUserId: uuid("actor_user_id"),
    /** A table's entity name (task, group, workspace_user …) or, for operator events, `session` / `system`. */
    entity: text("entity").notNull(),
    entityId: uuid("entity_id"),
    /** created, updated, deleted, restored; operator events: signup, login, token_renewal, error. */
    action: text("action").notNull(),
    /** The changed fields only, before and after; secrets never. */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** Operator events: ip, request id, error code… */
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.workspaceId, t.createdAt),
    index().on(t.workspaceId, t.entity, t.createdAt),
    index().on(t.actorUserId, t.createdAt),
    // One entity's history (a task's アクティビティ) without reading the workspace's whole log.
    index().on(t.entityId, t.createdAt),
  ],
);
