import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client.ts";

/** Migrated once per test run by test/global-setup.ts; every test file's database is a copy of it. */
export const TEMPLATE_DATABASE = "tasuki_test_template";

/**
 * A fresh, migrated database per test file: a copy of the migrated template (`CREATE DATABASE … TEMPLATE`) on the
 * test run's PostgreSQL server (TEST_DATABASE_URL: the embedded server test/global-setup.ts started, or one of
 * your own), dropped again on close.
 */
export async function openTestDatabase(
  options: { poolSize?: number; poolTimeoutMs?: number; parallelWorkers?: number } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error("TEST_DATABASE_URL is not set: run the API tests through vitest (test/global-setup.ts)");

  const name = `tasuki_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, ...options });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
