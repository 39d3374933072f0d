/**
 * A job worker for the crash test (src/jobs/jobs.test.ts): opens the database named by DATABASE_URL, enqueues one `slow` job, says `started <id>` when its handler runs, and then
 * hangs until the test kills it with SIGKILL, as a crashed or power-cut API instance would.
 */
import { openDatabase } from "../src/db/client.ts";
import { createPgBossJobs } from "../src/jobs/pg-boss-jobs.ts";
import { CRASH_JOB, type CrashPayloads, fastJobsTuning, quietLog } from "./job-helpers.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const jobs = createPgBossJobs<CrashPayloads>({ database, log: quietLog, tuning: fastJobsTuning });
jobs.define({
  ...CRASH_JOB,
  async handle(_payload, run) {
    process.stdout.write(`started ${run.id}\n`);
    await new Promise(() => {});
  },
});
await jobs.start();
await jobs.enqueue(database.db, "slow", { key: "crash" });
