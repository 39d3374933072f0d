import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Clock, type ConstructorOptions, fromDrizzle, type Job, type JobResult, PgBoss } from "pg-boss";
import { runWithoutActor } from "../db/actor.ts";
import type { Database, DbOrTx } from "../db/client.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import { type EnqueueOptions, JOB_TIME_ZONE, type JobDefinition, type JobPayloads, type Jobs } from "./jobs.ts";

/** The schema of pg-boss's tables, apart from ours (drizzle's migrations never touch it). */
export const JOBS_SCHEMA = "pgboss";

/**
 * Timings of pg-boss's own loops. The defaults suit production; tests shorten them so that a lost job
 * (a crashed instance) is noticed in seconds rather than minutes.
 */
export interface JobsTuning {
  /** How often an idle worker looks for jobs when no notification woke it (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How often the supervisor looks for work to do (seconds). */
  superviseIntervalSeconds?: number;
  /** How often a queue is checked for expired (lost) jobs, which are put back for retry (seconds). */
  monitorIntervalSeconds?: number;
  /** How often due schedules are turned into jobs (seconds). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

export interface CreateJobsOptions {
  database: Database;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  tuning?: JobsTuning;
  /** The source of time of pg-boss's loops and schedules: a test passes pg-boss's `TestClock` to drive them. */
  clock?: Clock;
}

const DEFAULT_RETRY = { limit: 5, delaySeconds: 30, maxDelaySeconds: 3600 };

/**
 * `Jobs` over pg-boss. pg-boss keeps a small pool of its own (and one LISTEN connection that wakes workers as
 * soon as a job is committed) on the API's PostgreSQL server, embedded or not. Enqueueing goes through the caller's drizzle
 * transaction (`fromDrizzle`), so the job row commits or rolls back with the change.
 */
export function createPgBossJobs<M extends object = JobPayloads>({
  database,
  log,
  tuning = {},
  clock,
}: CreateJobsOptions): Jobs<M> {
  const { pollingIntervalSeconds = 5, ...loops } = tuning;
  const common: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    useListenNotify: true,
    ...(clock ? { clock } : {}),
    // pg-boss refuses an option present with the value undefined: only the ones set are passed.
    ...Object.fromEntries(Object.entries(loops).filter(([, value]) => value !== undefined)),
  };
  const boss = new PgBoss({ ...common, connectionString: database.url, max: 3, application_name: "tasuki-jobs" });
  // pg-boss reports failures of its own loops (a lost connection, a failed maintenance pass) as events:
  // logged, never thrown, so the API keeps serving while the database comes back.
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));

  type AnyDefinition = JobDefinition<keyof M & string, M>;
  const definitions = new Map<string, AnyDefinition>();
  const schedules: { name: string; cron: string; payload: object }[] = [];
  let started = false;

  /** One job of a batch: its outcome for pg-boss (a failure is retried by its own back-off, alone). */
  async function runJob(definition: AnyDefinition, job: Job<object>): Promise<JobResult> {
    const startedAt = Date.now();
    try {
      // A job is the system's work: never the actor of the request whose async context happened to wake the
      // worker (pg-boss may start a job from inside the call that enqueued it), so the audit log names no one.
      const output = await runWithoutActor(() =>
        definition.handle(job.data as M[keyof M & string], {
          id: job.id,
          name: definition.name,
          retryCount: job.retryCount,
        }),
      );
      log.info({ job: { id: job.id, name: definition.name, ms: Date.now() - startedAt, output } }, "job done");
      return { id: job.id, status: "completed", output: output ?? null };
    } catch (error) {
      log.warn({ err: error, job: { id: job.id, name: definition.name, retry: job.retryCount } }, "job failed");
      // The job's row keeps the failure: without the values of a failed query (lib/safe-error.ts).
      const name = error instanceof Error ? error.name : "Error";
      return { id: job.id, status: "failed", output: { name, message: safeErrorMessage(error) } };
    }
  }

  return {
    define(definition) {
      if (started) throw new Error(`job ${definition.name} defined after start`);
      definitions.set(definition.name, definition as unknown as AnyDefinition);
    },

    async enqueue(tx: DbOrTx, name, payload, options: EnqueueOptions = {}) {
      if (!definitions.has(name)) throw new Error(`job ${name} has no handler`);
      return boss.send(name, payload as object, {
        // Our Db type says execute() resolves to unknown; on both drivers it resolves to `{ rows }`.
        db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },

    async enqueueMany(tx: DbOrTx, name, jobs) {
      if (!definitions.has(name)) throw new Error(`job ${name} has no handler`);
      if (!jobs.length) return;
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: job.payload as object,
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        })),
        { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) },
      );
    },

    schedule(name, cron, payload) {
      if (started) throw new Error(`schedule ${name} added after start`);
      schedules.push({ name, cron, payload: payload as object });
    },

    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const retry = definition.retry ?? DEFAULT_RETRY;
        const queue = {
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          notify: true,
        };
        // createQueue leaves an existing queue as it is; updateQueue brings its options up to date with the code.
        await boss.createQueue(definition.name, {
          ...queue,
          retryDelayMax: retry.maxDelaySeconds ?? DEFAULT_RETRY.maxDelaySeconds,
        });
        await boss.updateQueue(definition.name, queue);
        await boss.work<object>(
          definition.name,
          // A notification wakes the worker for a new job, but not when a retry's delay runs out: the same
          // short poll serves both, so a retry runs on time rather than at pg-boss's 30 s notify backstop.
          // One job a fetch: a job's expiry runs from its fetch, so the later jobs of a batch would expire
          // while waiting behind a slow one (a slow SMTP server) and be run again by another instance (a mail
          // sent twice). Throughput comes from `concurrency` workers instead, each woken by the enqueue's
          // notification; and while the queue's statistics show a backlog (a morning's reminder mails) each
          // fetches again at once rather than after a polling interval.
          {
            pollingIntervalSeconds,
            notifyPollingIntervalSeconds: pollingIntervalSeconds,
            batchSize: 1,
            localConcurrency: definition.concurrency ?? 1,
            burstWhenReadyExceeds: 1,
            perJobResults: true,
          },
          async (batch) => {
            const results: JobResult[] = [];
            for (const job of batch) results.push(await runJob(definition, job));
            return results;
          },
        );
      }
      // Written at every start: the code is the source of truth, and the row makes one instance send each run.
      for (const { name, cron, payload } of schedules) {
        await boss.schedule(name, cron, payload, { tz: JOB_TIME_ZONE, missed: "once" });
      }
    },

    async stop({ timeoutMs = 8000 } = {}) {
      if (!started) return;
      started = false;
      // Graceful: running handlers get until the timeout; pg-boss then fails what is left so it is retried.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
