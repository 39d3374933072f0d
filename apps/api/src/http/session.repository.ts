// What every request reads before its handler runs: the caller's session and their membership of the workspace
// the request names. Sessions belong to a person, not to a workspace: the session queries are not workspace-scoped.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { authSessions } from "../db/schema/auth.ts";
import { workspaces, workspaceUsers } from "../db/schema/workspaces.ts";

export async function findActiveSession(db: DbOrTx, sessionId: string, now: Date) {
  const [row] = await db
    .select({ id: authSessions.id, userId: authSessions.userId })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * The caller's staff record in a live workspace with the workspace's authority rules, or null:
 * the basis of every workspace check, in one query.
 */
export async function findMembership(db: DbOrTx, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ member: workspaceUsers, authorityRules: workspaces.authorityRules, workspaceStatus: workspaces.status })
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
  return row ?? null;
}

export type FoundMembership = Awaited<ReturnType<typeof findMembership>>;

/**
 * The live session and, in the same query, the caller's membership of the workspace the request names: one
 * round trip instead of two for every workspace call. The membership is handed to requireMember (once).
 */
function prepareSessionWithMembership(db: Db) {
  return db
    .select({
      userId: authSessions.userId,
      member: workspaceUsers,
      authorityRules: workspaces.authorityRules,
      workspaceStatus: workspaces.status,
      workspaceLive: sql<boolean>`${workspaces.id} is not null`,
    })
    .from(authSessions)
    .leftJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, sql.placeholder("workspaceId")),
        eq(workspaceUsers.userId, sql.placeholder("userId")),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .leftJoin(workspaces, and(eq(workspaces.id, workspaceUsers.workspaceId), isNull(workspaces.deletedAt)))
    .where(
      and(
        eq(authSessions.id, sql.placeholder("sessionId")),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("session_with_membership");
}

/** Prepared once per database handle: it runs on nearly every request. */
const sessionWithMembership = new WeakMap<Db, ReturnType<typeof prepareSessionWithMembership>>();

export async function findSessionWithMembership(
  db: Db,
  session: { userId: string; sessionId: string },
  workspaceId: string,
  now: Date,
): Promise<{ userId: string; found: FoundMembership } | null> {
  let statement = sessionWithMembership.get(db);
  if (!statement) {
    statement = prepareSessionWithMembership(db);
    sessionWithMembership.set(db, statement);
  }
  const [row] = await statement.execute({
    workspaceId,
    userId: session.userId,
    sessionId: session.sessionId,
    now: now.toISOString(),
  });
  if (!row) return null;
  const found =
    row.member && row.workspaceLive && row.workspaceStatus
      ? { member: row.member, authorityRules: row.authorityRules, workspaceStatus: row.workspaceStatus }
      : null;
  return { userId: row.userId, found };
}
