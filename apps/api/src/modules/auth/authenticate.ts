import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";
import { unauthorized } from "../../lib/app-error.ts";
import { rememberMembership } from "../../plugins/workspace-scope.ts";
import { findActiveSession } from "./auth.repository.ts";
import { verifyAccessToken } from "./tokens.ts";

export interface RequestAuth {
  userId: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

async function findSessionWithMembership(ctx: AppContext, auth: RequestAuth, workspaceId: string, now: Date) {
  let statement = sessionWithMembership.get(ctx.db);
  if (!statement) {
    statement = prepareSessionWithMembership(ctx.db);
    sessionWithMembership.set(ctx.db, statement);
  }
  const [row] = await statement.execute({
    workspaceId,
    userId: auth.userId,
    sessionId: auth.sessionId,
    now: now.toISOString(),
  });
  if (!row) return null;
  const found =
    row.member && row.workspaceLive && row.workspaceStatus
      ? { member: row.member, authorityRules: row.authorityRules, workspaceStatus: row.workspaceStatus }
      : null;
  return { userId: row.userId, found };
}

/**
 * The first half of authentication, without the database: reads the bearer token and checks its signature
 * and expiry. lib/route.ts runs it in `onRequest`, so an anonymous or forged call is refused before its body
 * is read or validated. `null`: no token on a call that does not require one.
 */
export async function verifyBearer(
  ctx: AppContext,
  request: FastifyRequest,
  required: boolean,
): Promise<RequestAuth | null> {
  const header = request.headers.authorization;
  if (!header) {
    if (required) throw unauthorized("missing bearer token");
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized("malformed Authorization header");
  const verified = await verifyAccessToken(ctx.keys, match[1]!, ctx.now());
  if (!verified) throw unauthorized("invalid or expired access token", "invalid_access_token");
  return verified;
}

/**
 * The second half: the session row is checked too, so logout and a password reset take effect at once rather
 * than when the 30-minute access token expires. `workspaceId`: the workspace the request names (query or body,
 * before validation: only a well-formed id is used), whose membership is then read with the session.
 */
export async function confirmSession(
  ctx: AppContext,
  verified: RequestAuth,
  workspaceId?: unknown,
): Promise<RequestAuth> {
  const now = ctx.now();
  if (typeof workspaceId === "string" && UUID.test(workspaceId)) {
    const session = await findSessionWithMembership(ctx, verified, workspaceId, now);
    if (!session || session.userId !== verified.userId)
      throw unauthorized("session revoked or expired", "session_revoked");
    rememberMembership(verified, ctx.db, workspaceId, session.found);
    return verified;
  }
  const session = await findActiveSession(ctx.db, verified.sessionId, now);
  if (!session || session.userId !== verified.userId)
    throw unauthorized("session revoked or expired", "session_revoked");
  return verified;
}
