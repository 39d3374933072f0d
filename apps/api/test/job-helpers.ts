import { sql } from "drizzle-orm";
import type { DbOrTx } from "../src/db/client.ts";
import { JOBS_SCHEMA } from "../src/jobs/pg-boss-jobs.ts";

export interface JobRow {
  id: string;
  name: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  retry_count: number;
  data: Record<string, unknown>;
  output: unknown;
}

/** The jobs of a queue as pg-boss stores them, oldest first. */
export async function jobsNamed(db: DbOrTx, name: string): Promise<JobRow[]> {
  const result = (await db.execute(
    sql`select id, name, state, retry_count, data, output from ${sql.identifier(JOBS_SCHEMA)}.job
        where name = ${name} order by created_on, id`,
  )) as unknown as { rows: JobRow[] };
  return result.rows;
}

export async function jobById(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const result = (await db.execute(
    sql`select id, name, state, retry_count, data, output from ${sql.identifier(JOBS_SCHEMA)}.job where id = ${id}`,
  )) as unknown as { rows: JobRow[] };
  return result.rows[0];
}

/** Waits until the job reaches a state (completed unless told), failing after the timeout. */
export async function waitForJob(
  db: DbOrTx,
  id: string,
  state: JobRow["state"] = "completed",
  timeoutMs = 20_000,
): Promise<JobRow> {
  let row: JobRow | undefined;
  await until(
    async () => {
      row = await jobById(db, id);
      return row?.state === state;
    },
    timeoutMs,
    `job ${id} is ${state}`,
  );
  return row as JobRow;
}

/** A quiet logger for job queues built by tests themselves. */
export const quietLog = { info() {}, warn() {}, error() {} };

/** Loops of the queue short enough for a test to see a lost job come back within seconds. */
export const fastJobsTuning = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

/**
 * Polls a condition until it holds, failing after a deadline (never after a count of rounds, which a busy machine
 * runs out). The one polling helper of the test suite.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = "the condition holds",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The job of the crash test, defined alike by the worker that dies and by the one that takes over. */
export interface CrashPayloads {
  slow: { key: string };
}
/** Lost after 2 s without its worker (pg-boss's minimum is 1 s). */
export const CRASH_JOB = { name: "slow", expireInSeconds: 2, retry: { limit: 3, delaySeconds: 1 } } as const;
