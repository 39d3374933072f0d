import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { groups, groupTypes, officialPositions, workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

export type WorkspaceRow = typeof workspaces.$inferSelect;

export async function findWorkspace(db: DbOrTx, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
    .limit(1);
  return row ?? null;
}

// Codes are unique across all workspaces (they name a company in invitations and support), so this
// lookup is global by nature; it answers only whether a code is taken.
export async function isCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(sql`lower(${workspaces.code}) = ${code.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function insertWorkspace(db: DbOrTx, values: typeof workspaces.$inferInsert): Promise<WorkspaceRow> {
  const [row] = await db.insert(workspaces).values(values).returning();
  return row!;
}

export async function updateWorkspace(
  db: DbOrTx,
  workspaceId: string,
  values: Partial<typeof workspaces.$inferInsert>,
): Promise<WorkspaceRow> {
  const [row] = await db.update(workspaces).set(values).where(eq(workspaces.id, workspaceId)).returning();
  return row!;
}

/** The layers and positions of a workspace with how many groups and staff use each, in two queries. */
export async function findDefinitions(db: DbOrTx, workspaceId: string) {
  const [types, positions] = await Promise.all([
    db
      .select({
        id: groupTypes.id,
        name: groupTypes.name,
        level: groupTypes.level,
        group_count: sql<number>`count(${groups.id})::int`,
      })
      .from(groupTypes)
      .leftJoin(groups, and(eq(groups.groupTypeId, groupTypes.id), isNull(groups.deletedAt)))
      .where(eq(groupTypes.workspaceId, workspaceId))
      .groupBy(groupTypes.id)
      .orderBy(asc(groupTypes.level)),
    db
      .select({
        id: officialPositions.id,
        name: officialPositions.name,
        rank: officialPositions.rank,
        staff_count: sql<number>`count(${workspaceUsers.id})::int`,
      })
      .from(officialPositions)
      .leftJoin(
        workspaceUsers,
        and(eq(workspaceUsers.officialPositionId, officialPositions.id), isNull(workspaceUsers.deletedAt)),
      )
      .where(eq(officialPositions.workspaceId, workspaceId))
      .groupBy(officialPositions.id)
      .orderBy(asc(officialPositions.position), asc(officialPositions.rank)),
  ]);
  return { groupTypes: types, officialPositions: positions };
}
