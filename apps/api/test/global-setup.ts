import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { openDatabase } from "../src/db/client.ts";
import { type EmbeddedServer, startEmbeddedServer } from "../src/db/embedded-server.ts";
import { JOBS_SCHEMA } from "../src/jobs/pg-boss-jobs.ts";
import { TEMPLATE_DATABASE } from "./test-database.ts";

/**
 * One PostgreSQL server for the whole API suite: the embedded server the product itself runs (throwaway, in a
 * temporary directory), or the server named by TEST_DATABASE_URL. A template database is migrated once here;
 * each test file then gets its own copy (test/test-database.ts), which takes a fraction of a migration.
 * Test files and the servers they spawn find the server in TEST_DATABASE_URL.
 */
export default async function setup(): Promise<() => Promise<void>> {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), "tasuki-test-pg-"));
    // Room for every file's pools at once (each app: 5 + the queue's 3 + a listener), and a bit more.
    embedded = await startEmbeddedServer({ dataDir: dir, ephemeral: true, settings: { max_connections: "300" } });
    adminUrl = embedded.adminUrl;
    process.env.TEST_DATABASE_URL = adminUrl;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DATABASE}`;
  const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await template.close();
  // The job queue's own schema too, which every app would otherwise create at its first start.
  const boss = new PgBoss({ connectionString: url.toString(), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false });
  // A copy needs a template nobody is connected to: whatever of the queue's pool is still closing goes now.
  const closer = new pg.Client({ connectionString: adminUrl });
  await closer.connect();
  await closer.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [TEMPLATE_DATABASE]);
  await closer.end();

  return async () => {
    if (embedded) {
      await embedded.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    } else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`).catch(() => {});
      await cleanup.end();
    }
  };
}
