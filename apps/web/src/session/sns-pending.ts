import type { SnsProvider } from "@tasuki/contract/auth/auth.schema";
import { returnPathAfterLogin } from "./navigation-rules.ts";

/**
 * What the social callback page needs to know about the sign-in it is finishing: the provider the
 * user left for and why (login, sign-up or linking). Kept in sessionStorage, so it is scoped to the
 * tab and gone when the tab closes.
 */
export type SnsPurpose = "login" | "signup" | "link";

export interface PendingSns {
  provider: SnsProvider;
  purpose: SnsPurpose;
  /** The page the login was asked for (`/auth?redirect=…`), to open once the provider sends the user back. */
  returnTo?: string;
}

const KEY = "tasuki.sns_pending";
const PROVIDERS: readonly string[] = ["google", "line", "microsoft"];
const PURPOSES: readonly string[] = ["login", "signup", "link"];

export function savePendingSns(pending: PendingSns): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function readPendingSns(): PendingSns | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { provider, purpose, returnTo } = value as Record<string, unknown>;
    if (typeof provider !== "string" || !PROVIDERS.includes(provider)) return null;
    if (typeof purpose !== "string" || !PURPOSES.includes(purpose)) return null;
    const back = returnPathAfterLogin(returnTo);
    return { provider: provider as SnsProvider, purpose: purpose as SnsPurpose, ...(back ? { returnTo: back } : {}) };
  } catch {
    return null;
  }
}

export function clearPendingSns(): void {
  sessionStorage.removeItem(KEY);
}
