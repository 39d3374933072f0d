import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is acting in this call: the signed-in user of an authenticated request (set in http/route.ts). The
 * audit trigger reads it from the transaction-local setting `tasuki.actor`, which only our code sets.
 */
const actorStorage = new AsyncLocalStorage<{ userId: string; write?: boolean }>();

/** `write`: the call changes data (not a GET); a disabled workspace refuses those (http/workspace-scope.ts). */
export function runAsActor<T>(userId: string, fn: () => T, options: { write?: boolean } = {}): T {
  return actorStorage.run({ userId, ...options }, fn);
}

/**
 * Runs work of the system (a job) outside any request's actor, even when a request's async context woke
 * it (an in-process queue may start a job from inside the call that enqueued it).
 */
export function runWithoutActor<T>(fn: () => T): T {
  return actorStorage.exit(fn);
}

export const currentActor = (): string | undefined => actorStorage.getStore()?.userId;
export const currentCallWrites = (): boolean => actorStorage.getStore()?.write === true;
