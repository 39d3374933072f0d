import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { currentActor } from "./actor.ts";

export type Db = PgDatabase<PgQueryResultHKT>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or a transaction: repositories accept either. */
export type DbOrTx = Tx | Db;

export interface Database {
  db: Db;
  /** The server's URL: the job queue and the realtime listener open their own connections to it. */
  url: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations: beside the sources in development, beside the bundle in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle")]) {
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  throw new Error("migrations folder not found");
}

export interface DatabaseOptions {
  /** DATABASE_URL, or the embedded server's (db/embedded-server.ts). */
  databaseUrl: string;
  poolSize?: number;
  /** How long a query may wait for a free connection before it fails (overload: answered 503). */
  poolTimeoutMs?: number;
  /**
   * `max_parallel_workers_per_gather` of every pooled connection (0 by default; -1 leaves the server's setting, for
   * a pooler that refuses startup options). A parallel plan forks its workers per query: on a web server's many
   * concurrent requests the start-up (~45 ms per query on a two-core machine) costs more than the split saves, and
   * the workers take the cores the other requests need (the analytics workload call: 82 ms with two workers, 16–39
   * ms without; 14 → 120 calls/s at 10 connections).
   */
  parallelWorkers?: number;
  /** Told when an idle pooled connection fails (logged by the server). */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const parallelWorkers = options.parallelWorkers ?? 0;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.poolTimeoutMs ? { connectionTimeoutMillis: options.poolTimeoutMs } : {}),
    ...(parallelWorkers >= 0 ? { options: `-c max_parallel_workers_per_gather=${parallelWorkers}` } : {}),
  });
  // An idle connection dropped by the server (restart, failover, admin kill) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on("error", (error) => options.onPoolError?.(error));
  // Every write names its actor (db/actor.ts) for the audit trigger: withActor, below.
  const db = withActor(drizzlePg(pool) as unknown as Db);
  // Several instances may start at once: one migrates while the others wait on the advisory lock.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(7263512)");
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock(7263512)").catch(() => {});
    client.release();
  }
  return {
    db,
    url: options.databaseUrl,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

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
function withActor(db: Db): Db {
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
