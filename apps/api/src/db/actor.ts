import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

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

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const setActor = (tx: Tx, userId: string) => tx.execute(sql`select set_config('tasuki.actor', ${userId}, true)`);

/** The writes that may run outside a transaction: they are replayed inside one that names the actor. */
const WRITES = new Set(["insert", "update", "delete"]);

/**
 * A query builder started on the plain database, recorded call by call; awaiting it replays the calls on a
 * transaction that first sets the actor. `set_config(…, true)` lasts until the end of that transaction
 * only, so a pooled connection never carries one request's actor into another's queries.
 */
function recorded(db: Db, userId: string, start: string, startArgs: unknown[], calls: [string | symbol, unknown[]][]) {
  const replay = () =>
    db.transaction(async (tx) => {
      await setActor(tx, userId);
      // biome-ignore lint/suspicious/noExplicitAny: a generic replay of a builder chain
      let builder: any = (tx as any)[start](...startArgs);
      for (const [name, args] of calls) builder = builder[name](...args);
      return await builder;
    });
  return new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === "then") {
          return (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
            replay().then(resolve, reject);
        }
        if (prop === "catch") return (reject: (reason: unknown) => unknown) => replay().catch(reject);
        return (...args: unknown[]) => recorded(db, userId, start, startArgs, [...calls, [prop, args]]);
      },
    },
  );
}

/**
 * The database as the app uses it: every transaction opened while a user acts starts by naming them, and
 * a single insert, update or delete outside a transaction becomes one that does. Without an actor (jobs,
 * sign-up before there is a user) it is the plain database, and the audit rows name no one (システム).
 */
export function withActor(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "transaction") {
        return (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => {
          const userId = currentActor();
          if (!userId) return target.transaction(fn, config as never);
          return target.transaction(async (tx) => {
            await setActor(tx, userId);
            return fn(tx);
          }, config as never);
        };
      }
      if (typeof prop === "string" && WRITES.has(prop)) {
        return (...args: unknown[]) => {
          const userId = currentActor();
          if (!userId) return value.apply(target, args);
          return recorded(target, userId, prop, args, []);
        };
      }
      return value.bind(target);
    },
  }) as Db;
}
