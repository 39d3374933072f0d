import { onSessionExpired as onClientSessionExpired, renewSession } from "../../../lib/api-client.ts";

/**
 * POST /app/auth/renew-token through the client's one renewal: the same one a 401 of any call starts, so that two
 * renewals at once never spend the refresh token twice. Answers false when the session could not be renewed.
 */
export function renewToken(): Promise<boolean> {
  return renewSession();
}

/** Told when the session can no longer be renewed (the client has cleared the tokens by then). */
export function onSessionExpired(listener: () => void): () => void {
  return onClientSessionExpired(listener);
}
