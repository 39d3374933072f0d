// Sessions, refresh tokens and verification codes belong to a person, not to a workspace:
// these queries are deliberately not workspace-scoped.
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  authSessions,
  oidcRequests,
  refreshTokens,
  verificationCodes,
  verificationTokens,
} from "../../db/schema/auth.ts";

export async function insertSession(db: DbOrTx, values: { userId: string; method: string; expiresAt: Date }) {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

export async function insertRefreshToken(db: DbOrTx, sessionId: string, tokenHash: string) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** The token and its session, locked so that two renewals with one token cannot both succeed. */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      sessionId: authSessions.id,
      userId: authSessions.userId,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for("update")
    .limit(1);
  return row ?? null;
}

export async function markRefreshTokenUsed(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeSession(db: DbOrTx, sessionId: string, reason: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
) {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function invalidateCodes(db: DbOrTx, email: string, purpose: string, now: Date) {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function invalidateUserCodes(db: DbOrTx, userId: string, purpose: string, now: Date) {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: { email: string; purpose: string; codeHash: string; userId: string | null; expiresAt: Date },
) {
  await db.insert(verificationCodes).values(values);
}

export async function findLatestLiveCode(db: DbOrTx, email: string, purpose: string, now: Date) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for("update");
  return row ?? null;
}

export async function countCodeAttempt(db: DbOrTx, id: string) {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? 0;
}

export async function consumeCode(db: DbOrTx, id: string, now: Date) {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

export async function insertVerificationToken(
  db: DbOrTx,
  values: { tokenHash: string; email: string; purpose: string; userId: string | null; expiresAt: Date },
) {
  await db.insert(verificationTokens).values(values);
}

/** Whether a verification token could still be spent (read before expensive work; spending it is separate). */
export async function isVerificationTokenLive(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .select({ id: verificationTokens.id })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.tokenHash, tokenHash),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Spends a verification token: it works once, for its purpose, before it expires. */
export async function consumeVerificationToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTokens.tokenHash, tokenHash),
        eq(verificationTokens.purpose, purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertOidcRequest(db: DbOrTx, values: typeof oidcRequests.$inferInsert) {
  await db.insert(oidcRequests).values(values);
}

/** Spends an OpenID Connect request: a state works once, before it expires. */
export async function consumeOidcRequest(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .update(oidcRequests)
    .set({ usedAt: now })
    .where(and(eq(oidcRequests.state, state), isNull(oidcRequests.usedAt), gt(oidcRequests.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** A state that can still be spent; read before the (slow, networked) code exchange, spent after it. */
export async function findLiveOidcRequest(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .select()
    .from(oidcRequests)
    .where(and(eq(oidcRequests.state, state), isNull(oidcRequests.usedAt), gt(oidcRequests.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Expired states are worthless (a replay of one fails as unknown), so they are swept as new ones are made. */
export async function deleteExpiredOidcRequests(db: DbOrTx, now: Date) {
  await db.delete(oidcRequests).where(lt(oidcRequests.expiresAt, now));
}
