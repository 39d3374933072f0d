import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { groups, workspaceUsers } from "../../db/schema/workspaces.ts";

export interface StaffRefRow {
  id: string;
  lastName: string;
  firstName: string;
  avatarImageId: string | null;
}

/** Names and avatars of these staff of the workspace, trashed ones included (a past actor keeps their name). */
export function selectStaffRefs(db: DbOrTx, workspaceId: string, ids: string[]): Promise<StaffRefRow[]> {
  return db
    .select({
      id: workspaceUsers.id,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      avatarImageId: workspaceUsers.avatarImageId,
    })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), inArray(workspaceUsers.id, ids)));
}

/** Names and avatars of the workspace's staff behind these user ids, trashed ones included. */
export function selectStaffRefsOfUsers(
  db: DbOrTx,
  workspaceId: string,
  userIds: string[],
): Promise<(StaffRefRow & { userId: string | null })[]> {
  return db
    .select({
      id: workspaceUsers.id,
      userId: workspaceUsers.userId,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      avatarImageId: workspaceUsers.avatarImageId,
    })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), inArray(workspaceUsers.userId, userIds)));
}

/** The account behind a staff record of the workspace (null before they joined), or null for no such record. */
export async function selectStaffUserId(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
): Promise<{ userId: string | null } | null> {
  const [row] = await db
    .select({ userId: workspaceUsers.userId })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.id, staffId)));
  return row ?? null;
}

/** The name and avatar of one staff member of the workspace not in the trash, or null. */
export async function selectLiveStaffRef(db: DbOrTx, workspaceId: string, id: string): Promise<StaffRefRow | null> {
  const [row] = await db
    .select({
      id: workspaceUsers.id,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      avatarImageId: workspaceUsers.avatarImageId,
    })
    .from(workspaceUsers)
    .where(
      and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.id, id), isNull(workspaceUsers.deletedAt)),
    );
  return row ?? null;
}

/** The ids among these of staff of the workspace not in the trash (any status: invited staff may be named too). */
export async function selectLiveStaffIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.id, ids),
        isNull(workspaceUsers.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** The ids among these of active staff of the workspace (joined, not suspended or retired, not in the trash). */
export async function selectActiveStaffIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.id, ids),
        eq(workspaceUsers.status, "active"),
        isNull(workspaceUsers.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** The ids among these of the workspace's guests, trashed ones included. */
export async function selectGuestIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.id, ids),
        eq(workspaceUsers.role, "guest"),
      ),
    );
  return rows.map((row) => row.id);
}

/** The ids among these of the workspace's groups not in the trash. */
export async function selectLiveGroupIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, ids), isNull(groups.deletedAt)));
  return rows.map((row) => row.id);
}
