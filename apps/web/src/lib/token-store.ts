import { localStore } from "./local-store.ts";

/** The tokens of the signed-in session, as the API's token set names them. */
export interface StoredTokens {
  access_token: string;
  refresh_token: string;
  /** The specification's custom token: authenticates the realtime connection. */
  realtime_token: string | null;
}

const KEYS = {
  access: "access_token",
  refresh: "refresh_token",
  realtime: "realtime_token",
} as const;

type Listener = (tokens: StoredTokens | null) => void;

let current: StoredTokens | null = null;
let hydration: Promise<StoredTokens | null> | null = null;
const listeners = new Set<Listener>();

// Other tabs share the same store: tell them when the session changes so a tab never presents a
// refresh token that another tab has already spent (which would revoke the whole session).
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("tasuki-auth") : null;
channel?.addEventListener("message", () => {
  void readStoredTokens().then((tokens) => setCurrent(tokens));
});

function sameTokens(a: StoredTokens | null, b: StoredTokens | null): boolean {
  return (
    a?.access_token === b?.access_token &&
    a?.refresh_token === b?.refresh_token &&
    a?.realtime_token === b?.realtime_token
  );
}

function setCurrent(tokens: StoredTokens | null): void {
  if (sameTokens(current, tokens)) return;
  current = tokens;
  for (const listener of listeners) listener(tokens);
}

/** Reads the tokens from the browser store, bypassing the in-memory copy. */
export async function readStoredTokens(): Promise<StoredTokens | null> {
  const [access, refresh, realtime] = await Promise.all([
    localStore.getItem<string>(KEYS.access),
    localStore.getItem<string>(KEYS.refresh),
    localStore.getItem<string>(KEYS.realtime),
  ]);
  if (!access && !refresh) return null;
  return { access_token: access ?? "", refresh_token: refresh ?? "", realtime_token: realtime ?? null };
}

/** Loads the stored tokens once at start; later calls answer the same promise. */
export function hydrateTokens(): Promise<StoredTokens | null> {
  hydration ??= readStoredTokens()
    .catch((error: unknown) => {
      console.warn("Could not read the stored session", error);
      return null;
    })
    .then((tokens) => {
      // A sign-in that finished while the store was being read wins over what was stored.
      if (current === null) setCurrent(tokens);
      return current;
    });
  return hydration;
}

export function getTokens(): StoredTokens | null {
  return current;
}

export async function saveTokens(tokens: {
  access_token: string;
  refresh_token: string;
  realtime_token?: string | null;
}): Promise<void> {
  const next: StoredTokens = {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    realtime_token: tokens.realtime_token ?? null,
  };
  await Promise.all([
    localStore.setItem(KEYS.access, next.access_token),
    localStore.setItem(KEYS.refresh, next.refresh_token),
    next.realtime_token === null
      ? localStore.removeItem(KEYS.realtime)
      : localStore.setItem(KEYS.realtime, next.realtime_token),
  ]);
  setCurrent(next);
  channel?.postMessage("changed");
}

/** Adopts tokens another tab has already stored, without writing them again. */
export function adoptTokens(tokens: StoredTokens | null): void {
  setCurrent(tokens);
}

export async function clearTokens(): Promise<void> {
  // Forget them in memory first: a request started meanwhile must not carry a dying token.
  setCurrent(null);
  await Promise.all([
    localStore.removeItem(KEYS.access),
    localStore.removeItem(KEYS.refresh),
    localStore.removeItem(KEYS.realtime),
  ]);
  channel?.postMessage("changed");
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
