import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { withActor } from "./actor.ts";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A database handle or a transaction: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded database itself (PGlite only): the job queue runs over the same instance. */
  pglite?: PGlite;
  /** The server's URL (PostgreSQL only): the job queue opens its own small pool to it. */
  url?: string;
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

export class DataDirLockedError extends Error {}

/**
 * PGlite is one process's database: a second process on the same directory would corrupt it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "tasuki.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is already in use by another Tasuki process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway database (tests). */
  dataDir: string;
  poolSize?: number;
  /** Told when an idle pooled connection fails (logged by the server). */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
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
      kind: "postgres",
      url: options.databaseUrl,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir.startsWith("memory://");
  const pgliteDir = inMemory ? options.dataDir : path.join(options.dataDir, "pglite");
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(pgliteDir);
    const db = withActor(drizzlePglite(client) as unknown as Db);
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: "pglite",
      pglite: client,
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
