import { and, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/audit-logs.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { groups, groupTypes, officialPositions, projects, workspaceUsers } from "../../db/schema/workspaces.ts";

export type AuditLogRow = typeof auditLogs.$inferSelect;

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

/** The staff of the workspace behind user ids (the actors), trashed ones included: the log outlives them. */
export async function findStaffByUserIds(db: DbOrTx, workspaceId: string, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      id: workspaceUsers.id,
      userId: workspaceUsers.userId,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      avatarImageId: workspaceUsers.avatarImageId,
    })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), inArray(workspaceUsers.userId, [...new Set(userIds)])));
}

export async function findStaffUserId(db: DbOrTx, workspaceId: string, staffId: string) {
  const [row] = await db
    .select({ userId: workspaceUsers.userId })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.id, staffId)));
  return row;
}

/** Today's names of the entities on a page, one query per kind present (a diff may not carry the name). */
export async function findEntityLabels(
  db: DbOrTx,
  workspaceId: string,
  wanted: { entity: string; id: string }[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const idsOf = (entity: string) => [...new Set(wanted.filter((w) => w.entity === entity).map((w) => w.id))];
  const named = [
    ["task", tasks, tasks.title],
    ["group", groups, groups.name],
    ["project", projects, projects.name],
    ["primary_item", primaryItems, primaryItems.name],
    ["secondary_item", secondaryItems, secondaryItems.name],
    ["group_type", groupTypes, groupTypes.name],
    ["official_position", officialPositions, officialPositions.name],
  ] as const;
  for (const [entity, table, column] of named) {
    const ids = idsOf(entity);
    if (!ids.length) continue;
    const rows = await db
      .select({ id: table.id, label: column })
      .from(table)
      .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, ids)));
    for (const row of rows) labels.set(`${entity}:${row.id}`, row.label);
  }
  const staffIds = idsOf("workspace_user");
  if (staffIds.length) {
    const rows = await db
      .select({ id: workspaceUsers.id, lastName: workspaceUsers.lastName, firstName: workspaceUsers.firstName })
      .from(workspaceUsers)
      .where(and(eq(workspaceUsers.workspaceId, workspaceId), inArray(workspaceUsers.id, staffIds)));
    for (const row of rows) labels.set(`workspace_user:${row.id}`, `${row.lastName} ${row.firstName}`);
  }
  return labels;
}

/** An operator event (no workspace): sign-up, login, token renewal, application error. */
export async function insertOperatorEvent(
  db: DbOrTx,
  event: {
    actorUserId: string | null;
    entity: "session" | "system";
    entityId: string | null;
    action: string;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLogs).values({ workspaceId: null, ...event });
}
