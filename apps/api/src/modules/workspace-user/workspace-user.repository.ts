import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

export type WorkspaceUserRow = typeof workspaceUsers.$inferSelect;

/** The caller's staff record in a live workspace, or null: the basis of every workspace check. */
export async function findMembership(db: DbOrTx, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ member: workspaceUsers })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.userId, userId),
        isNull(workspaceUsers.deletedAt),
        isNull(workspaces.deletedAt),
      ),
    )
    .limit(1);
  return row?.member ?? null;
}

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
