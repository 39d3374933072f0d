import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context/app-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { unauthorized } from "../lib/app-error.ts";
import { verifyAccessToken } from "../lib/tokens.ts";
import { type FoundMembership, findActiveSession, findSessionWithMembership } from "./session.repository.ts";

export interface RequestAuth {
  userId: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Memberships read by confirmSession() together with the session (one query for both), for the workspace the
 * request names. Each is used once, by the first requireMember on the same database handle and workspace:
 * reads inside a transaction, or a second check after a write, still go to the database.
 */
const prefetched = new WeakMap<RequestAuth, { db: DbOrTx; workspaceId: string; found: FoundMembership }>();

/** The membership confirmSession() read for this request, if it is of this workspace on this handle; only once. */
export function takePrefetchedMembership(
  auth: RequestAuth,
  db: DbOrTx,
  workspaceId: string,
): { found: FoundMembership } | null {
  const entry = prefetched.get(auth);
  if (!entry) return null;
  prefetched.delete(auth);
  return entry.db === db && entry.workspaceId === workspaceId ? { found: entry.found } : null;
}

/**
 * The first half of authentication, without the database: reads the bearer token and checks its signature
 * and expiry. http/route.ts runs it in `onRequest`, so an anonymous or forged call is refused before its body
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
    const session = await findSessionWithMembership(ctx.db, verified, workspaceId, now);
    if (!session || session.userId !== verified.userId)
      throw unauthorized("session revoked or expired", "session_revoked");
    prefetched.set(verified, { db: ctx.db, workspaceId, found: session.found });
    return verified;
  }
  const session = await findActiveSession(ctx.db, verified.sessionId, now);
  if (!session || session.userId !== verified.userId)
    throw unauthorized("session revoked or expired", "session_revoked");
  return verified;
}
