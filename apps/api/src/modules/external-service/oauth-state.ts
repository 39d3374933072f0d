import { jwtVerify, SignJWT } from "jose";
import type { ExternalServiceName } from "../../db/schema/integrations.ts";
import { badRequest } from "../../lib/app-error.ts";

/** What the consent round trip carries: who started it, for which workspace and service, for whom. */
export interface OAuthState {
  target: "workspace" | "personal";
  service: ExternalServiceName;
  workspaceId: string;
  userId: string;
  /** The sign-in session that started it: the consent finishes in that session only (not another device's). */
  sessionId: string;
}

const AUDIENCE = "tasuki:integration-oauth";
/** Long enough to read a consent screen and pick a workspace; a stale one starts again. */
const STATE_TTL_SECONDS = 15 * 60;

/** A signed, short-lived state: the callback trusts nothing else, and only the user who started may finish. */
export async function signOAuthState(key: Uint8Array, state: OAuthState, now: Date): Promise<string> {
  return new SignJWT({ t: state.target, s: state.service, w: state.workspaceId, sid: state.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(state.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + STATE_TTL_SECONDS)
    .sign(key);
}

const invalidState = () =>
  badRequest(
    "invalid_oauth_state",
    "連携の手続きが無効か、時間切れです。もう一度はじめからお試しください。",
    "the OAuth state is invalid, expired, or belongs to another user or session",
  );

export async function verifyOAuthState(
  key: Uint8Array,
  token: string,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<OAuthState> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, currentDate: now, algorithms: ["HS256"] });
    const { t, s, w, sub, sid } = payload as { t?: string; s?: string; w?: string; sub?: string; sid?: string };
    if (
      (t !== "workspace" && t !== "personal") ||
      (s !== "slack" && s !== "chatwork") ||
      !w ||
      sub !== caller.userId ||
      sid !== caller.sessionId
    ) {
      throw invalidState();
    }
    return { target: t, service: s, workspaceId: w, userId: sub, sessionId: sid };
  } catch {
    throw invalidState();
  }
}
