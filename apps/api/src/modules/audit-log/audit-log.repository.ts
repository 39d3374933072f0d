import type { AuditAction, AuditEntity } from "@tasuki/contract/audit-log/audit-log.schema";
import { and, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/audit-logs.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { groups, groupTypes, officialPositions, projects, workspaceUsers } from "../../db/schema/workspaces.ts";

export type AuditLogRow = typeof auditLogs.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditFilter {
  actorUserId?: string | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * A workspace's log: its own rows, and the sign-ins of the people who are its staff (a sign-in belongs to
 * no workspace; each workspace of the person sees it).
 */
function workspaceRows(workspaceId: string, filter: AuditFilter): SQL {
  const staffUsers = sql`(select ${workspaceUsers.userId} from ${workspaceUsers} where ${workspaceUsers.workspaceId} = ${workspaceId} and ${workspaceUsers.status} <> 'invited')`;
  return and(
    or(
      eq(auditLogs.workspaceId, workspaceId),
      and(
        isNull(auditLogs.workspaceId),
        eq(auditLogs.entity, "session"),
        eq(auditLogs.action, "login"),
        sql`${auditLogs.actorUserId} in ${staffUsers}`,
      ),
    ),
    filter.actorUserId ? eq(auditLogs.actorUserId, filter.actorUserId) : undefined,
    filter.entity ? eq(auditLogs.entity, filter.entity) : undefined,
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.from ? gte(auditLogs.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLogs.createdAt, filter.to) : undefined,
  )!;
}

export async function listAuditRows(
  db: DbOrTx,
  workspaceId: string,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = workspaceRows(workspaceId, filter);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(auditLogs).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Today's names of the rows and people a page of the log points to — the changed rows themselves and the ids in
 * their fields (assignee_id, group_id, created_by …) — whatever table each id belongs to: ids are UUIDs, unique
 * across tables. Staff are found by their staff id or their user id (created_by holds the user). One query for
 * the whole page; trashed rows keep their names, another workspace's rows are never read.
 */
export async function findNamesByIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  // Only UUIDs can name a row; anything else a field held (a free text *_id of a provider) names nothing.
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!wanted.length) return names;
  // One array parameter, however many ids: an export of 10,000 rows stays one short statement.
  const idArray = `{${wanted.join(",")}}`;
  const named = (table: SQL, column: SQL, key = sql`id`) =>
    sql`select ${key}::text as id, ${column} as label from ${table} where workspace_id = ${workspaceId} and ${key} in (select id from wanted)`;
  const person = sql`last_name || '　' || first_name`;
  const result = await db.execute<{ id: string; label: string }>(
    sql`with wanted as (select unnest(${idArray}::uuid[]) as id) ${sql.join(
      [
        named(sql`${workspaceUsers}`, person),
        named(sql`${workspaceUsers}`, person, sql`user_id`),
        named(sql`${tasks}`, sql`title`),
        named(sql`${groups}`, sql`name`),
        named(sql`${projects}`, sql`name`),
        named(sql`${primaryItems}`, sql`name`),
        named(sql`${secondaryItems}`, sql`name`),
        named(sql`${groupTypes}`, sql`name`),
        named(sql`${officialPositions}`, sql`name`),
        named(sql`${meetings}`, sql`name`),
      ],
      sql` union all `,
    )}`,
  );
  const rows = (result as unknown as { rows: { id: string; label: string }[] }).rows;
  for (const row of rows) names.set(row.id, row.label);
  return names;
}

/**
 * An operator event (no workspace): sign-up, login, token renewal, application error. Its entity and action are
 * the contract's, so that what is written is what the 監査ログ answer lists.
 */
export async function insertOperatorEvent(
  db: DbOrTx,
  event: {
    actorUserId: string | null;
    entity: Extract<AuditEntity, "session" | "system">;
    entityId: string | null;
    action: AuditAction;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLogs).values({ workspaceId: null, ...event });
}
