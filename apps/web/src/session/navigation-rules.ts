/**
 * The navigation rules of spec section 2, as pure functions the root route applies on every
 * navigation (and tests can check without a browser).
 */

export const LANDING_PATH = "/task";
export const LOGIN_PATH = "/auth";
export const SIGNUP_PATH = "/auth/signup";
export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const SNS_CALLBACK_PATH = "/auth/sns/callback";
/** The link of an invitation mail: open to everyone, since the invitee may not have an account yet. */
export const INVITATION_PATH = "/invitation";

/** Where a signed-out visitor may stay. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  LOGIN_PATH,
  SIGNUP_PATH,
  RESET_PASSWORD_PATH,
  SNS_CALLBACK_PATH,
  INVITATION_PATH,
]);

/** Where a signed-in user is sent on to the landing page. */
const SENT_TO_LANDING: ReadonlySet<string> = new Set(["/", LOGIN_PATH, SIGNUP_PATH]);

const UNRESOLVED_SEGMENTS = ["[id]", "[type]", "[current_ws]", "[task_id]"];

export interface AuthSnapshot {
  signedIn: boolean;
  /** The user has an active membership in at least one workspace. */
  hasWorkspace: boolean;
}

export type AuthRedirectTarget = typeof LANDING_PATH | typeof LOGIN_PATH | typeof SIGNUP_PATH;

function decode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** `/auth/` and `/auth` are the same page. */
export function normalizePath(pathname: string): string {
  const path = decode(pathname.split(/[?#]/)[0] ?? "");
  if (path.length > 1 && path.endsWith("/")) return path.replace(/\/+$/, "") || "/";
  return path || "/";
}

/**
 * Paths that still carry a placeholder of a dynamic segment (a link built before its id was known)
 * and identity-association files under /.well-known/ are left alone by the redirect logic.
 */
export function skipsAuthRedirect(pathname: string): boolean {
  const path = decode(pathname);
  if (path.startsWith("/.well-known/")) return true;
  return UNRESOLVED_SEGMENTS.some((segment) => path.includes(segment));
}

/** Where the visitor must go instead of `pathname`, or null to let them stay. */
export function authRedirect(pathname: string, auth: AuthSnapshot): AuthRedirectTarget | null {
  if (skipsAuthRedirect(pathname)) return null;
  const path = normalizePath(pathname);

  if (!auth.signedIn) return PUBLIC_PATHS.has(path) ? null : LOGIN_PATH;

  // The social callback also serves signed-in users linking an account; resetting a password is allowed either way;
  // an invitation is accepted signed in, with or without a workspace of one's own.
  if (path === SNS_CALLBACK_PATH || path === RESET_PASSWORD_PATH || path === INVITATION_PATH) return null;
  // Without a workspace nothing but the create-workspace step (the last step of sign-up) can work.
  if (!auth.hasWorkspace) return path === SIGNUP_PATH ? null : SIGNUP_PATH;
  return SENT_TO_LANDING.has(path) ? LANDING_PATH : null;
}

/** The landing itself needs no return address: login goes there anyway. */
const NO_RETURN_NEEDED: ReadonlySet<string> = new Set(["/", LANDING_PATH]);
const RETURN_PATH_MAX_LENGTH = 2000;

/**
 * Where login should send a visitor who was sent to it from `href` (a task link from a mail, say), or null
 * for the landing page. Only a path of this app is accepted, never another origin (`//host`, `/\host`,
 * `https:`), so a crafted `/auth?redirect=…` cannot send anyone away; the auth pages themselves and the
 * landing are not worth returning to.
 */
export function returnPathAfterLogin(href: unknown): string | null {
  if (typeof href !== "string" || href.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(href)) return null;
  const path = normalizePath(href);
  if (NO_RETURN_NEEDED.has(path) || path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return null;
  return href;
}
