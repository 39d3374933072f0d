import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { groups, groupTypes, officialPositions, workspaceUsers } from "../../db/schema/workspaces.ts";

/** Advisory lock class of the organisation structure (layers, positions, the group tree). */
const ORGANISATION_LOCK_CLASS = 7263513;

/**
 * Serialises edits of one workspace's organisation structure until the transaction ends. Without it,
 * two concurrent moves could each pass the cycle check and together make a loop, and a layer could be
 * removed while a concurrent request creates a group in it. An advisory lock (rather than a row lock on
 * the workspace) leaves inserts elsewhere in the workspace, whose foreign keys share-lock that row, alone.
 */
export async function lockOrganisation(db: DbOrTx, workspaceId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(ORGANISATION_LOCK_CLASS))}, hashtext(${workspaceId}::text))`,
  );
}

export interface GroupTypeListRow {
  id: string;
  name: string;
  level: number;
  group_count: number;
}

/** The layers, top first, with how many live groups use each. */
export async function listGroupTypes(db: DbOrTx, workspaceId: string): Promise<GroupTypeListRow[]> {
  // A join rather than a correlated subquery: in a one-table select Drizzle leaves columns unqualified,
  // so inside a subquery `id` would silently mean the inner table's.
  return db
    .select({
      id: groupTypes.id,
      name: groupTypes.name,
      level: groupTypes.level,
      group_count: sql<number>`count(${groups.id})::int`,
    })
    .from(groupTypes)
    .leftJoin(
      groups,
      and(
        eq(groups.workspaceId, groupTypes.workspaceId),
        eq(groups.groupTypeId, groupTypes.id),
        isNull(groups.deletedAt),
      ),
    )
    .where(eq(groupTypes.workspaceId, workspaceId))
    .groupBy(groupTypes.id)
    .orderBy(asc(groupTypes.level), asc(groupTypes.createdAt));
}

export async function insertGroupType(db: DbOrTx, workspaceId: string, values: { name: string; level: number }) {
  await db.insert(groupTypes).values({ workspaceId, ...values });
}

export async function updateGroupType(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: { name: string; level: number },
): Promise<void> {
  await db
    .update(groupTypes)
    .set(values)
    .where(and(eq(groupTypes.workspaceId, workspaceId), eq(groupTypes.id, id)));
}

/** Groups (trashed ones included) that used a removed layer lose it through the foreign key. */
export async function deleteGroupTypes(db: DbOrTx, workspaceId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(groupTypes).where(and(eq(groupTypes.workspaceId, workspaceId), inArray(groupTypes.id, ids)));
}

export interface OfficialPositionListRow {
  id: string;
  name: string;
  rank: number;
  position: number;
  staff_count: number;
}

/** The positions in their order, with how many live staff hold each. */
export async function listOfficialPositions(db: DbOrTx, workspaceId: string): Promise<OfficialPositionListRow[]> {
  return db
    .select({
      id: officialPositions.id,
      name: officialPositions.name,
      rank: officialPositions.rank,
      position: officialPositions.position,
      staff_count: sql<number>`count(${workspaceUsers.id})::int`,
    })
    .from(officialPositions)
    .leftJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, officialPositions.workspaceId),
        eq(workspaceUsers.officialPositionId, officialPositions.id),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .where(eq(officialPositions.workspaceId, workspaceId))
    .groupBy(officialPositions.id)
    .orderBy(asc(officialPositions.position), asc(officialPositions.rank), asc(officialPositions.createdAt));
}

export async function findOfficialPosition(db: DbOrTx, workspaceId: string, id: string) {
  const rows = await listOfficialPositions(db, workspaceId);
  return rows.find((row) => row.id === id) ?? null;
}

export async function nextOfficialPositionOrder(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(officialPositions.position) })
    .from(officialPositions)
    .where(eq(officialPositions.workspaceId, workspaceId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertOfficialPosition(
  db: DbOrTx,
  workspaceId: string,
  values: { name: string; rank: number; position: number },
): Promise<string> {
  const [row] = await db
    .insert(officialPositions)
    .values({ workspaceId, ...values })
    .returning({ id: officialPositions.id });
  return row!.id;
}

export async function updateOfficialPosition(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<{ name: string; rank: number; position: number }>,
): Promise<void> {
  await db
    .update(officialPositions)
    .set(values)
    .where(and(eq(officialPositions.workspaceId, workspaceId), eq(officialPositions.id, id)));
}

/** Staff who held a removed position lose it through the foreign key (set null). */
export async function deleteOfficialPositions(db: DbOrTx, workspaceId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(officialPositions)
    .where(and(eq(officialPositions.workspaceId, workspaceId), inArray(officialPositions.id, ids)));
}
