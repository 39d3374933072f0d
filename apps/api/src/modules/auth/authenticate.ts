import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { unauthorized } from "../../lib/app-error.ts";
import { findActiveSession } from "./auth.repository.ts";
import { verifyAccessToken } from "./tokens.ts";

export interface RequestAuth {
  userId: string;
  sessionId: string;
}

/**
 * Reads the bearer token. The session row is checked too, so logout and a password reset
 * take effect at once rather than when the 30-minute access token expires.
 */
export async function authenticate(
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
  const now = ctx.now();
  const verified = await verifyAccessToken(ctx.keys, match[1]!, now);
  if (!verified) throw unauthorized("invalid or expired access token", "invalid_access_token");
  const session = await findActiveSession(ctx.db, verified.sessionId, now);
  if (!session || session.userId !== verified.userId)
    throw unauthorized("session revoked or expired", "session_revoked");
  return verified;
}
