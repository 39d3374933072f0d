import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { withActor } from "./actor.ts";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A database handle or a transaction: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

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
  // Every write names its actor for the audit trigger (db/actor.ts).
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
