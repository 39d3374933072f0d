import { isApiRequestError } from "./api-error.ts";

/**
 * A refusal that a plan change would lift: 403 `plan_limit` (the free plan's staff or project limit) or
 * `premium_required`. The shell's upgrade dialog listens here, so every path that can meet a limit (invite,
 * CSV import, project create, restore from the trash, AI) shows the same prompt without knowing of billing.
 */
export type UpgradeNeeded = { code: "plan_limit" | "premium_required"; message: string };

type Listener = (event: UpgradeNeeded) => void;
const listeners = new Set<Listener>();

export function upgradeNeededOf(error: unknown): UpgradeNeeded | null {
  if (!isApiRequestError(error) || error.status !== 403) return null;
  if (error.code !== "plan_limit" && error.code !== "premium_required") return null;
  return { code: error.code, message: error.message };
}

/** Hands the refusal to the dialog; false when none is mounted (the caller then shows a toast). */
export function announceUpgradeNeeded(event: UpgradeNeeded): boolean {
  for (const listener of listeners) listener(event);
  return listeners.size > 0;
}

export function onUpgradeNeeded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
