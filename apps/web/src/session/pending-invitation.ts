/**
 * An invitation opened while signed out waits in sessionStorage (this tab only, gone when it closes)
 * until the user has logged in or signed up; the login and sign-up pages then return to the invitation
 * page, which joins the workspace. The invitation link's token is the invitee's only proof: it is
 * kept nowhere else.
 */
const KEY = "tasuki.pending_invitation";
const TOKEN_MAX_LENGTH = 200;

export function isPlausibleInvitationToken(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && token.length <= TOKEN_MAX_LENGTH && !/\s/.test(token);
}

export function savePendingInvitation(token: string): void {
  if (!isPlausibleInvitationToken(token)) return;
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode quota): the user can still open the link again after signing in.
  }
}

export function readPendingInvitation(): string | null {
  try {
    const token = sessionStorage.getItem(KEY);
    return isPlausibleInvitationToken(token) ? token : null;
  } catch {
    return null;
  }
}

export function clearPendingInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/**
 * For the login and sign-up pages: the token of an invitation waiting for this sign-in, so that they go
 * back to the invitation page (`/invitation?token=…`) instead of the task list or the create-workspace step.
 */
export function pendingInvitationToken(): string | null {
  return readPendingInvitation();
}
