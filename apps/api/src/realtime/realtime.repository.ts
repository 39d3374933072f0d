import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { authSessions } from "../db/schema/auth.ts";
import { workspaces, workspaceUsers } from "../db/schema/workspaces.ts";
import { permissionsOf } from "../lib/permissions.ts";

export interface Listener {
  staffId: string;
  userId: string;
  role: Role;
  status: WorkspaceUserStatus;
  permissions: Permission[];
}

/**
 * The staff records of these users in a live workspace, whatever their status (a member who was just
 * suspended still hears of their own record, so that their open page signs them out): the membership
 * check of every request (http/session.repository.ts, requireMember), for many users in one query.
 */
export async function findListeners(
  db: DbOrTx,
  workspaceId: string,
  userIds: string[],
): Promise<Map<string, Listener>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      staffId: workspaceUsers.id,
      userId: workspaceUsers.userId,
      role: workspaceUsers.role,
      status: workspaceUsers.status,
      authorityRules: workspaces.authorityRules,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.userId, userIds),
        isNull(workspaceUsers.deletedAt),
        isNull(workspaces.deletedAt),
      ),
    );
  const listeners = new Map<string, Listener>();
  for (const row of rows) {
    if (!row.userId) continue;
    listeners.set(row.userId, {
      staffId: row.staffId,
      userId: row.userId,
      role: row.role,
      status: row.status,
      permissions: permissionsOf(row.role, row.authorityRules),
    });
  }
  return listeners;
}

/** Which of these sign-in sessions are still live (not signed out, revoked or expired). */
export async function findLiveSessionIds(db: DbOrTx, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(inArray(authSessions.id, sessionIds), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
  return new Set(rows.map((row) => row.id));
}
