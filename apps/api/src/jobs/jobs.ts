import type { DbOrTx } from "../db/client.ts";
import type { MailMessage } from "../mail/mailer.ts";

/**
 * The payload of every job, by name. The runner declares only its own transport job here; a module adds the
 * entry of its job beside it (`declare module "../../jobs/jobs.ts" { interface JobPayloads { … } }`), so that
 * `enqueue` and `define` check names and payloads at compile time. Payloads are stored as JSON: plain data
 * only (dates as ISO strings), and never a secret (a job row outlives the request by days).
 */
export interface JobPayloads {
  /** One mail, retried with back-off until the SMTP server takes it. */
  "send-mail": MailMessage;
}

export type JobName = keyof JobPayloads & string;

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  name: string;
  /** 0 on the first try, then 1, 2, … on each retry. */
  retryCount: number;
}

/** `M` is the payload map: the product's `JobPayloads`, or a test's own. */
export interface JobDefinition<N extends keyof M & string, M extends object = JobPayloads> {
  name: N;
  /**
   * Does the work. Throwing makes the job retried later (see `retry`); the work must therefore be safe to
   * repeat: a run interrupted by a crash or a deploy is run again from the start. What it returns (counts,
   * say) is logged and kept with the finished job for the operator.
   */
  handle(payload: M[N], run: JobRun): Promise<unknown>;
  /** Retries after a failure, with exponential back-off from `delaySeconds` up to `maxDelaySeconds`. */
  retry?: { limit: number; delaySeconds: number; maxDelaySeconds?: number };
  /** How long one run may take before it counts as lost (crash) and is retried: 15 minutes unless set. */
  expireInSeconds?: number;
  /**
   * How many runs of this job one instance makes at once (1 unless set). Each takes one job a fetch, since a
   * job's expiry runs from its fetch: a job fetched to wait behind another could expire unstarted.
   */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** Not before this instant. */
  startAfter?: Date;
  /**
   * At most one job with this key waiting or running in the queue at a time: a second enqueue with the same
   * key while the first is pending is dropped (returns null).
   */
  singletonKey?: string;
}

/**
 * The one job interface of the API (`ctx.jobs`). The jobs live in pg-boss's tables on the API's PostgreSQL
 * server (embedded or not). A job is a row: it survives a restart, is taken by one instance only (`SKIP LOCKED`), and is retried with back-off.
 */
export interface Jobs<M extends object = JobPayloads> {
  /** Registers the handler of a job (before `start`). */
  define<N extends keyof M & string>(definition: JobDefinition<N, M>): void;
  /**
   * Adds a job in the caller's transaction: it exists only if that transaction commits, so a rolled-back
   * change leaves no job behind. Pass `ctx.db` to enqueue on its own (outside any transaction). Returns the
   * job id (null when a singleton key dropped it).
   */
  enqueue<N extends keyof M & string>(
    tx: DbOrTx,
    name: N,
    payload: M[N],
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Adds many jobs of one kind in one statement, in the caller's transaction (a mail per recipient, say):
   * cheaper than one `enqueue` each. Singleton keys are not checked here.
   */
  enqueueMany<N extends keyof M & string>(
    tx: DbOrTx,
    name: N,
    jobs: { payload: M[N]; startAfter?: Date }[],
  ): Promise<void>;
  /**
   * Runs the job on a cron expression in Asia/Tokyo (`0 3 * * *` = 03:00 JST every day), sent by one
   * instance only. A run missed while no instance was up is sent once at the next start. Call before
   * `start` (the schedules are written when it starts).
   */
  schedule<N extends keyof M & string>(name: N, cron: string, payload: M[N]): void;
  /** Creates the queues, writes the schedules and starts working (on app ready). */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones; any still running are failed so
   * that they are retried at once by another instance or after the restart (on app close).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** The time zone of every schedule: the product's users live in Japan. */
export const JOB_TIME_ZONE = "Asia/Tokyo";
