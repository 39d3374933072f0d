// A person's memberships are read across workspaces: these queries are deliberately not workspace-scoped.
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

/** The user's memberships with their workspace's name, in the order they joined. */
export async function findMemberships(db: DbOrTx, userId: string) {
  return db
    .select({
      id: workspaceUsers.id,
      workspace_id: workspaceUsers.workspaceId,
      role: workspaceUsers.role,
      status: workspaceUsers.status,
      workspace: { id: workspaces.id, name: workspaces.name, date_style: workspaces.dateStyle },
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.userId, userId),
        isNull(workspaceUsers.deletedAt),
        isNull(workspaces.deletedAt),
        ne(workspaceUsers.status, "retired"),
      ),
    )
    .orderBy(asc(workspaceUsers.createdAt));
}

/** Staff records copy the person's address; keep them in step when it changes. */
export async function updateStaffEmail(db: DbOrTx, userId: string, email: string) {
  await db.update(workspaceUsers).set({ email }).where(eq(workspaceUsers.userId, userId));
}
