import { randomBytes } from "node:crypto";
import type { DbOrTx } from "../../db/client.ts";
import type { oidcRequests } from "../../db/schema/auth.ts";
import {
  consumeOidcRequest,
  deleteExpiredOidcRequests,
  findLiveOidcRequest,
  insertOidcRequest,
} from "./auth.repository.ts";

/**
 * One mechanism for every OAuth round trip's state (social sign-in, Slack and Chatwork consents): a random value
 * stored with what it is for and whom, read while live, and **spent once** in the transaction that acts on it.
 * A signed token alone (what the integrations had) stays valid until it expires, so a state seen once (history,
 * a shared screen) could finish a second consent with another team's code and swap the workspace's connection.
 */
export type OAuthStateRow = typeof oidcRequests.$inferSelect;

export async function issueOAuthState(
  db: DbOrTx,
  values: Omit<typeof oidcRequests.$inferInsert, "state" | "expiresAt" | "usedAt" | "createdAt">,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  // Expired states are worthless (a replay of one fails as unknown), so they are swept as new ones are made.
  await deleteExpiredOidcRequests(db, now);
  await insertOidcRequest(db, { ...values, state, expiresAt: new Date(now.getTime() + ttlMs) });
  return state;
}

/** A state that can still be spent; read before the (slow, networked) code exchange, spent after it. */
export const findLiveOAuthState = (db: DbOrTx, state: string, now: Date) => findLiveOidcRequest(db, state, now);

/** Spends a state inside the caller's transaction: of two requests racing with one state, one wins. */
export async function spendOAuthState(db: DbOrTx, state: string, now: Date): Promise<boolean> {
  return (await consumeOidcRequest(db, state, now)) !== null;
}
