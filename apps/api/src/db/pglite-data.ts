import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "./client.ts";

/**
 * Tasuki up to ADR 0012 kept its embedded database in PGlite under `DATA_DIR/pglite`; the embedded default is now a
 * PostgreSQL server in `DATA_DIR/postgres`. On the first start of the new version the old database is copied over
 * (both at the current schema, every row of every table), and the old directory is then renamed, not deleted.
 * This module is the only user of PGlite left.
 */
export function hasOldPgliteData(dataDir: string): boolean {
  return (
    existsSync(path.join(dataDir, "pglite", "PG_VERSION")) && !existsSync(path.join(dataDir, "postgres", "PG_VERSION"))
  );
}

const BATCH = 2000;

/**
 * Copies every row of the old PGlite database into `targetUrl` (a migrated, empty database), in one transaction:
 * either all of it arrives or none does. pg-boss's queue is not copied: its schedules are made again at start, and
 * jobs still waiting in the old queue (mails not yet sent) are counted and reported.
 */
export async function importPgliteData(
  dataDir: string,
  targetUrl: string,
  log: (line: string) => void,
): Promise<{ tables: number; rows: number; pendingJobs: number }> {
  const source = await PGlite.create(path.join(dataDir, "pglite"));
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    // The old database is brought to the current schema first, so that both sides have the same tables.
    await migrate(drizzle(source), { migrationsFolder: migrationsFolder() });
    const tables = (
      await source.query<{ name: string }>(
        `select quote_ident(table_name) as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((row) => row.name);
    let pendingJobs = 0;
    try {
      const pending = await source.query<{ count: number }>(
        "select count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active')",
      );
      pendingJobs = pending.rows[0]?.count ?? 0;
    } catch {
      // No queue was ever started there.
    }

    await target.connect();
    await target.query("begin");
    // Rows arrive in any order and are not new: no foreign-key checks, no audit trigger, until the end.
    await target.query("set local session_replication_role = replica");
    let rows = 0;
    for (const table of tables) {
      const total = (await source.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]!
        .count;
      // The rows the migrations seed (system categories, say) are in the old database too: it is the one copy.
      await target.query(`delete from ${table}`);
      for (let offset = 0; offset < total; offset += BATCH) {
        const batch = await source.query<{ rows: string }>(
          `select coalesce(json_agg(t), '[]')::text as rows
             from (select * from ${table} order by ctid limit ${BATCH} offset ${offset}) t`,
        );
        await target.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
          batch.rows[0]!.rows,
        ]);
      }
      const copied = (await target.query<{ count: number }>(`select count(*)::int as count from ${table}`)).rows[0]!
        .count;
      if (copied !== total) throw new Error(`${table}: ${copied} of ${total} rows arrived`);
      rows += total;
      if (total) log(`  ${table}: ${total} rows`);
    }
    await target.query("commit");
    return { tables: tables.length, rows, pendingJobs };
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  } finally {
    await target.end().catch(() => {});
    await source.close();
  }
}

/** The old directory stays, renamed, until its owner deletes it: nothing is lost if something went unnoticed. */
export function retireOldPgliteData(dataDir: string): string {
  const moved = path.join(dataDir, `pglite.moved-${new Date().toISOString().slice(0, 10)}`);
  renameSync(path.join(dataDir, "pglite"), moved);
  return moved;
}
