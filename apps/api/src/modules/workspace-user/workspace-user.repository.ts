import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { groupMembers, groups, officialPositions, workspaceUsers } from "../../db/schema/workspaces.ts";

export type WorkspaceUserRow = typeof workspaceUsers.$inferSelect;

export async function insertWorkspaceUser(db: DbOrTx, values: typeof workspaceUsers.$inferInsert) {
  const [row] = await db.insert(workspaceUsers).values(values).returning();
  return row!;
}

export async function updateWorkspaceUser(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof workspaceUsers.$inferInsert>,
) {
  const [row] = await db
    .update(workspaceUsers)
    .set(values)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.id, id)))
    .returning();
  return row ?? null;
}

export interface StaffDetails {
  officialPositions: Map<string, { id: string; name: string; rank: number }>;
  groupsByStaff: Map<string, { id: string; name: string; is_main: boolean }[]>;
}

/** What staff rows show besides their own columns, for many rows in two queries (never one per row). */
export async function loadStaffDetails(
  db: DbOrTx,
  workspaceId: string,
  rows: WorkspaceUserRow[],
): Promise<StaffDetails> {
  const staffIds = rows.map((row) => row.id);
  const positionIds = [...new Set(rows.map((row) => row.officialPositionId).filter((id): id is string => id !== null))];
  const [positionRows, memberRows] = await Promise.all([
    positionIds.length
      ? db
          .select({ id: officialPositions.id, name: officialPositions.name, rank: officialPositions.rank })
          .from(officialPositions)
          .where(and(eq(officialPositions.workspaceId, workspaceId), inArray(officialPositions.id, positionIds)))
      : Promise.resolve([]),
    staffIds.length
      ? db
          .select({
            staffId: groupMembers.workspaceUserId,
            id: groups.id,
            name: groups.name,
            isMain: groupMembers.isMain,
          })
          .from(groupMembers)
          .innerJoin(groups, eq(groups.id, groupMembers.groupId))
          .where(
            and(
              eq(groupMembers.workspaceId, workspaceId),
              inArray(groupMembers.workspaceUserId, staffIds),
              isNull(groups.deletedAt),
            ),
          )
          .orderBy(asc(groups.position))
      : Promise.resolve([]),
  ]);
  const groupsByStaff = new Map<string, { id: string; name: string; is_main: boolean }[]>();
  for (const row of memberRows) {
    const list = groupsByStaff.get(row.staffId) ?? [];
    list.push({ id: row.id, name: row.name, is_main: row.isMain });
    groupsByStaff.set(row.staffId, list);
  }
  return { officialPositions: new Map(positionRows.map((p) => [p.id, p])), groupsByStaff };
}
