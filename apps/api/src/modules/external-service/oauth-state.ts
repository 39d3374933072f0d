import type { DbOrTx } from "../../db/client.ts";
import type { ExternalServiceName } from "../../db/schema/integrations.ts";
import { badRequest } from "../../lib/app-error.ts";
import { findLiveOAuthState, issueOAuthState, spendOAuthState } from "../auth/oauth-state.ts";

/** What the consent round trip carries: who started it, for which workspace and service, for whom. */
export interface OAuthState {
  target: "workspace" | "personal";
  service: ExternalServiceName;
  workspaceId: string;
  userId: string;
  /** The sign-in session that started it: the consent finishes in that session only (not another device's). */
  sessionId: string;
}

/** Long enough to read a consent screen and pick a workspace; a stale one starts again. */
const STATE_TTL_MS = 15 * 60 * 1000;
/** The purposes of integration states; a social sign-in's state (login, signup, link) is none of them. */
const PURPOSE = { workspace: "integration:workspace", personal: "integration:personal" } as const;

/**
 * A state of the one OAuth state mechanism (auth/oauth-state.ts): random, stored with the workspace, the user and
 * the session, 15 minutes, spent once by the transaction that completes the consent.
 */
export async function issueIntegrationState(db: DbOrTx, state: OAuthState, redirectUri: string, now: Date) {
  return issueOAuthState(
    db,
    {
      provider: state.service,
      purpose: PURPOSE[state.target],
      // OAuth v2 installs and Chatwork's consent use no PKCE verifier or nonce here.
      codeVerifier: "",
      nonce: "",
      redirectUri,
      userId: state.userId,
      workspaceId: state.workspaceId,
      sessionId: state.sessionId,
    },
    now,
    STATE_TTL_MS,
  );
}

export const invalidState = () =>
  badRequest(
    "invalid_oauth_state",
    "連携の手続きが無効か、時間切れです。もう一度はじめからお試しください。",
    "the OAuth state is unknown, expired, already used, or belongs to another user or session",
  );

/** The live state's facts, if the caller (user and session) is the one who started it; else 400. */
export async function readIntegrationState(
  db: DbOrTx,
  token: string,
  caller: { userId: string; sessionId: string },
  now: Date,
): Promise<OAuthState> {
  const row = await findLiveOAuthState(db, token, now);
  if (!row) throw invalidState();
  const target = row.purpose === PURPOSE.workspace ? "workspace" : row.purpose === PURPOSE.personal ? "personal" : null;
  const service = row.provider === "slack" || row.provider === "chatwork" ? row.provider : null;
  if (!target || !service || !row.workspaceId || row.userId !== caller.userId || row.sessionId !== caller.sessionId) {
    throw invalidState();
  }
  return { target, service, workspaceId: row.workspaceId, userId: row.userId, sessionId: row.sessionId };
}

/** Spends the state in the transaction that writes what it allowed: a state completes one consent, once. */
export async function spendIntegrationState(tx: DbOrTx, token: string, now: Date): Promise<void> {
  if (!(await spendOAuthState(tx, token, now))) throw invalidState();
}
