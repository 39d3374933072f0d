import type { TokenSet } from "@tasuki/contract/auth/auth.schema";
import type { ContractResponse } from "@tasuki/contract/common/define-contract";
import type { User } from "@tasuki/contract/user/user.schema";
import type { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { useSyncExternalStore } from "react";
import { logout } from "../features/auth/api/logout.ts";
import { onSessionExpired, renewToken } from "../features/auth/api/renew-token.ts";
import { getMe } from "../features/user/api/get-me.ts";
import { getWorkspaceUserMe } from "../features/workspace-user/api/get-workspace-user-me.ts";
import { isApiRequestError } from "../lib/api-error.ts";
import { SILENT_REFRESH_MS } from "../lib/constants.ts";
import { localStore } from "../lib/local-store.ts";
import { forgetPreviousPages } from "../lib/previous-pages.ts";
import { queryClient } from "../lib/query-client.ts";
import { showErrorToast, showToast } from "../lib/toast.tsx";
import { clearTokens, getTokens, hydrateTokens, saveTokens, subscribeTokens } from "../lib/token-store.ts";
import { LOGIN_PATH } from "./navigation-rules.ts";

/**
 * The auth state of spec section 4: who is signed in, and as which staff member (workspace user)
 * of which workspace. Tokens live in the token store; this module keeps the loaded user and
 * workspace user, and runs the initial sync, the silent refresh and the sign-out.
 */
export type Membership = User["workspace_users"][number];
/** The caller's staff record in the current workspace, with the permissions of their role there. */
export type CurrentWorkspaceUser = ContractResponse<typeof getWorkspaceUserMeContract>;

export type SessionState =
  | { status: "unknown" }
  | { status: "signed_out" }
  | { status: "signed_in"; user: User; workspaceUser: CurrentWorkspaceUser | null };

let state: SessionState = { status: "unknown" };
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The session of a signed-in page; the root route guarantees one before such a page renders. */
export function useSignedInSession(): Extract<SessionState, { status: "signed_in" }> {
  const session = useSession();
  if (session.status !== "signed_in") throw new Error("This page needs a signed-in user");
  return session;
}

export function activeMemberships(user: User): Membership[] {
  return user.workspace_users.filter((membership) => membership.status === "active");
}

/**
 * The workspace named by the route's `workspace_id` when the user is active there, else the one last on screen in
 * this browser (an address without the parameter, a reload of one, a link from a mail), else the first active one.
 */
export function resolveWorkspaceId(
  user: User,
  requested: string | undefined,
  remembered: string | null = lastWorkspaceId,
): string | null {
  const active = activeMemberships(user);
  const isActive = (id: string | null | undefined) => active.some((membership) => membership.workspace_id === id);
  if (requested && isActive(requested)) return requested;
  if (remembered && isActive(remembered)) return remembered;
  return active[0]?.workspace_id ?? null;
}

const LAST_WORKSPACE_KEY = "last_workspace_id";
let lastWorkspaceId: string | null = null;

/** The workspace last on screen, kept across reloads so that one without `workspace_id` stays in it. */
function rememberWorkspace(workspaceId: string | null): void {
  if (!workspaceId || workspaceId === lastWorkspaceId) return;
  lastWorkspaceId = workspaceId;
  void localStore.setItem(LAST_WORKSPACE_KEY, workspaceId).catch((error: unknown) => {
    console.warn("Could not remember the workspace", error);
  });
}

async function hydrateLastWorkspace(): Promise<void> {
  try {
    lastWorkspaceId ??= await localStore.getItem<string>(LAST_WORKSPACE_KEY);
  } catch (error) {
    console.warn("Could not read the remembered workspace", error);
  }
}

export function currentWorkspaceId(session: SessionState): string | null {
  return session.status === "signed_in" ? (session.workspaceUser?.workspace_id ?? null) : null;
}

// The `workspace_id` of the current route; the root route updates it on every navigation so that
// syncs outside a navigation (silent refresh, realtime) pick the workspace on screen.
let routeWorkspaceId: string | undefined;

/** `keepPlace`: the login page is to return to the page on screen (the session ended without the user's asking). */
export type SessionNavigate = (to: typeof LOGIN_PATH, options: { keepPlace: boolean }) => void;

let navigate: SessionNavigate = (to) => {
  window.location.assign(to);
};

/** The router is created after this module; it hands over its navigate here to avoid an import cycle. */
export function configureSessionNavigation(navigateTo: SessionNavigate): void {
  navigate = navigateTo;
}

async function loadSession(requestedWorkspaceId: string | undefined): Promise<SessionState> {
  if (!getTokens()) return { status: "signed_out" };
  const user = await getMe();
  const workspaceId = resolveWorkspaceId(user, requestedWorkspaceId);
  const workspaceUser = workspaceId ? await getWorkspaceUserMe({ workspace_id: workspaceId }) : null;
  rememberWorkspace(workspaceUser?.workspace_id ?? null);
  return { status: "signed_in", user, workspaceUser };
}

let sync: { workspaceId: string | undefined; promise: Promise<SessionState> } | null = null;

/**
 * Loads the user and the workspace user of the current workspace (the auth sync). Concurrent
 * calls for the same workspace share one request. A 401 the renewal could not cure signs out;
 * other failures leave the state as it was and are thrown.
 */
export function syncSession(requestedWorkspaceId: string | undefined = routeWorkspaceId): Promise<SessionState> {
  if (sync && sync.workspaceId === requestedWorkspaceId) return sync.promise;
  const promise = loadSession(requestedWorkspaceId)
    .then((next) => {
      setState(next);
      return next;
    })
    .catch(async (error: unknown) => {
      if (isApiRequestError(error) && error.status === 401) {
        await endSession({ callServer: false });
        return state;
      }
      throw error;
    })
    .finally(() => {
      if (sync?.promise === promise) sync = null;
    });
  sync = { workspaceId: requestedWorkspaceId, promise };
  return promise;
}

/**
 * The re-sync of the realtime listener (spec section 4): after a change to the current staff member, load the
 * session again for the workspace on screen. A failed sync goes to the login route (the tokens are kept, as
 * after a failed initial sync, so that signing in again or a reload resumes). Answers whether it succeeded.
 */
export async function resyncSession(): Promise<boolean> {
  try {
    await syncSession(routeWorkspaceId);
    return true;
  } catch (error) {
    console.error("Auth sync failed", error);
    if (state.status === "signed_in") {
      setState({ status: "signed_out" });
      navigate(LOGIN_PATH, { keepPlace: true });
    }
    return false;
  }
}

let initialSync: Promise<void> | null = null;

function runInitialSync(requestedWorkspaceId: string | undefined): Promise<void> {
  initialSync ??= Promise.all([hydrateTokens(), hydrateLastWorkspace()])
    .then(() => syncSession(requestedWorkspaceId))
    .then(() => undefined)
    .catch((error: unknown) => {
      // The server could not be reached or failed: show why and go to the login page, but keep the
      // tokens so a reload once the server is back resumes the session.
      console.error("Auth sync failed", error);
      showErrorToast(error);
      setState({ status: "signed_out" });
    });
  return initialSync;
}

/**
 * Called by the root route before every navigation: runs the initial auth sync once, and loads
 * the workspace user again when the route names another workspace the user belongs to.
 */
export async function ensureSession(requestedWorkspaceId: string | undefined): Promise<SessionState> {
  routeWorkspaceId = requestedWorkspaceId;
  await runInitialSync(requestedWorkspaceId);
  const current = state;
  if (
    current.status === "signed_in" &&
    requestedWorkspaceId &&
    current.workspaceUser?.workspace_id !== requestedWorkspaceId &&
    resolveWorkspaceId(current.user, requestedWorkspaceId) === requestedWorkspaceId
  ) {
    try {
      await syncSession(requestedWorkspaceId);
    } catch (error) {
      showErrorToast(error);
    }
  }
  return state;
}

/** After login or sign-up: store the token set, then load the user and the first workspace user. */
export async function signIn(tokens: TokenSet): Promise<SessionState> {
  await saveTokens(tokens);
  return syncSession(undefined);
}

/** Replaces the loaded user with a fresher copy a call answered (e.g. after changing the address). */
export function updateSessionUser(user: User): void {
  if (state.status === "signed_in") setState({ ...state, user });
}

export function updateSessionWorkspaceUser(workspaceUser: CurrentWorkspaceUser): void {
  if (state.status === "signed_in" && state.workspaceUser?.id === workspaceUser.id)
    setState({ ...state, workspaceUser });
}

let ending: Promise<void> | null = null;

/** Clears every piece of stored auth state, tells the user and goes to the login page. */
function endSession(options: { callServer: boolean }): Promise<void> {
  // Deferred by a microtask so `ending` is set before clearing the tokens notifies the token
  // listener, which would otherwise start a second sign-out.
  ending ??= Promise.resolve()
    .then(() => runEndSession(options))
    .finally(() => {
      ending = null;
    });
  return ending;
}

async function runEndSession({ callServer }: { callServer: boolean }): Promise<void> {
  const refreshToken = getTokens()?.refresh_token;
  if (callServer && refreshToken) {
    // Revoke the session on the server; signing out locally must not depend on it succeeding.
    await logout({ refresh_token: refreshToken }).catch((error: unknown) => {
      console.warn("Logout call failed", error);
    });
  }
  const previous = state.status;
  setState({ status: "signed_out" });
  await clearTokens();
  await forgetPreviousPages().catch(() => undefined);
  lastWorkspaceId = null;
  await localStore.removeItem(LAST_WORKSPACE_KEY).catch(() => undefined);
  if (previous !== "signed_out") showToast("ログアウトしました", { type: "success" });
  // During the initial sync the root route is already on its way and redirects by itself. A session that ended
  // without the user's asking (expired, ended in another tab) returns to the page on screen after the next login.
  if (previous === "signed_in") navigate(LOGIN_PATH, { keepPlace: !callServer });
  // Drop cached data only after the signed-in pages are gone, so they do not refetch without a token.
  setTimeout(() => queryClient.clear(), 0);
}

export function signOut(): Promise<void> {
  return endSession({ callServer: true });
}

/** Renews the tokens, then syncs the session for the workspace on screen (spec: "on renewal"). */
async function silentRefresh(): Promise<void> {
  if (state.status !== "signed_in") return;
  const renewed = await renewToken();
  if (!renewed) return;
  try {
    await syncSession(routeWorkspaceId);
  } catch (error) {
    console.warn("Session sync after renewal failed", error);
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let lastAccessToken: string | null = null;

subscribeTokens((tokens) => {
  const accessToken = tokens?.access_token ?? null;
  if (accessToken === lastAccessToken) return;
  lastAccessToken = accessToken;
  clearTimeout(refreshTimer);
  if (accessToken) {
    // A silent refresh 15 minutes after each access-token change, well before the token's 30 minutes run out.
    refreshTimer = setTimeout(() => void silentRefresh(), SILENT_REFRESH_MS);
  } else if (state.status === "signed_in") {
    // Another tab signed out (the store is shared): follow it.
    void endSession({ callServer: false });
  }
});

onSessionExpired(() => {
  void endSession({ callServer: false });
});
