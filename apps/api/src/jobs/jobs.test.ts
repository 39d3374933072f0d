/**
 * The job queue on a real database (the test run's PostgreSQL server): enqueue inside
 * the caller's transaction, retries with back-off, a job interrupted by a restart or a crash run again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CRASH_JOB,
  type CrashPayloads,
  fastJobsTuning,
  jobsNamed,
  quietLog,
  until,
  waitForJob,
} from "../../test/job-helpers.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import { currentActor, runAsActor } from "../db/actor.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createPgBossJobs } from "./pg-boss-jobs.ts";
import { SEND_MAIL_CONCURRENCY } from "./send-mail.job.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectNode = path.resolve(here, "../../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;

const mail = (to: string, subject: string) => ({ to, subject, text: `${subject}の本文`, html: `<p>${subject}</p>` });

describe("ctx.jobs of the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a job enqueued in a transaction that rolls back does not exist; one that commits runs", async () => {
    const to = "rollback@example.co.jp";
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.jobs.enqueue(tx, "send-mail", mail(to, "取り消された変更のお知らせ"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const id = await t.ctx.db.transaction((tx) =>
      t.ctx.jobs.enqueue(tx, "send-mail", mail(to, "確定した変更のお知らせ")),
    );
    await waitForJob(t.ctx.db, id!);

    expect((await t.smtp.lastMailTo(to)).subject).toBe("確定した変更のお知らせ");
    expect(t.smtp.mailsTo(to).map((received) => received.subject)).toEqual(["確定した変更のお知らせ"]);
    const rows = await jobsNamed(t.ctx.db, "send-mail");
    expect(rows.filter((row) => row.data.to === to).map((row) => row.data.subject)).toEqual(["確定した変更のお知らせ"]);
  });

  it("enqueues many jobs in one statement, with the same transaction rule", async () => {
    const to = ["a", "b", "c"].map((name) => `many-${name}@example.co.jp`);
    const batch = (subject: string) => to.map((address) => ({ payload: mail(address, subject) }));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.ctx.jobs.enqueueMany(tx, "send-mail", batch("取り消された一斉連絡"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await t.ctx.db.transaction((tx) => t.ctx.jobs.enqueueMany(tx, "send-mail", batch("一斉連絡")));
    const rows = (await jobsNamed(t.ctx.db, "send-mail")).filter((row) => to.includes(row.data.to as string));
    expect(rows.map((row) => row.data.subject)).toEqual(["一斉連絡", "一斉連絡", "一斉連絡"]);
    // A job completes only once its mail was taken by the server: then every mail that will come has come.
    for (const row of rows) await waitForJob(t.ctx.db, row.id);
    expect(to.flatMap((address) => t.smtp.mailsTo(address).map((received) => received.subject))).toEqual([
      "一斉連絡",
      "一斉連絡",
      "一斉連絡",
    ]);
  });

  it("takes one mail job a fetch while the SMTP server is slow, each mail named by its job", async () => {
    // Two more than one instance sends at once: those two must wait unfetched, their expiry not yet running.
    const to = Array.from({ length: SEND_MAIL_CONCURRENCY + 2 }, (_, i) => `fetch-${i}@example.co.jp`);
    const release = t.smtp.hold();
    let rows: Awaited<ReturnType<typeof jobsNamed>>;
    try {
      await t.ctx.db.transaction((tx) =>
        t.ctx.jobs.enqueueMany(
          tx,
          "send-mail",
          to.map((address) => ({ payload: mail(address, "順番の連絡") })),
        ),
      );
      await t.smtp.untilHeld(SEND_MAIL_CONCURRENCY);
      rows = (await jobsNamed(t.ctx.db, "send-mail")).filter((row) => to.includes(row.data.to as string));
      const states = rows.map((row) => row.state);
      expect(states.filter((state) => state === "active")).toHaveLength(SEND_MAIL_CONCURRENCY);
      expect(states.filter((state) => state === "created")).toHaveLength(2);
      // Every fetched job is being delivered: none waits behind another while its expiry runs.
      expect(t.smtp.held()).toBe(SEND_MAIL_CONCURRENCY);
    } finally {
      release();
    }
    for (const row of rows) {
      await waitForJob(t.ctx.db, row.id);
      const received = t.smtp.mailsTo(row.data.to as string);
      expect(received.map((mail) => mail.messageId)).toEqual([`<job-${row.id}@tasuki.test>`]);
    }
  });

  it("writes the daily schedules in Asia/Tokyo", async () => {
    const result = (await t.ctx.db.execute(
      // pg-boss's schedule table: one row per job, whatever the number of instances.
      (
        await import("drizzle-orm")
      ).sql`select name, cron, timezone from pgboss.schedule order by name`,
    )) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
    expect(result.rows).toEqual(
      expect.arrayContaining([
        { name: "periodic-replan", cron: "30 3 * * *", timezone: "Asia/Tokyo" },
        { name: "trash-purge", cron: "0 3 * * *", timezone: "Asia/Tokyo" },
      ]),
    );
  });
});

describe("a queue of its own", () => {
  interface Payloads {
    flaky: { failures: number };
    slow: { key: string };
  }
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("retries a failing job with growing delays until it succeeds, and gives up after the limit", async () => {
    const jobs = createPgBossJobs<Payloads>({ database, log: quietLog, tuning: fastJobsTuning });
    const attempts = new Map<string, { retry: number; at: number }[]>();
    jobs.define({
      name: "flaky",
      retry: { limit: 3, delaySeconds: 1 },
      async handle({ failures }, run) {
        const list = attempts.get(run.id) ?? [];
        list.push({ retry: run.retryCount, at: Date.now() });
        attempts.set(run.id, list);
        if (list.length <= failures) throw new Error(`SMTP refused (try ${list.length})`);
        return { sent: true };
      },
    });
    await jobs.start();
    try {
      const recovers = await jobs.enqueue(database.db, "flaky", { failures: 2 });
      const neverRecovers = await jobs.enqueue(database.db, "flaky", { failures: 99 });

      const done = await waitForJob(database.db, recovers!, "completed", 30_000);
      expect(done).toMatchObject({ retry_count: 2, output: { sent: true } });
      const tries = attempts.get(recovers!)!;
      expect(tries.map((attempt) => attempt.retry)).toEqual([0, 1, 2]);
      // Back-off: about 1 s (1–2 s with jitter) before the first retry, 2–4 s before the second.
      expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(900);
      expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(1900);

      const failed = await waitForJob(database.db, neverRecovers!, "failed", 40_000);
      expect(failed.retry_count).toBe(3);
      expect(attempts.get(neverRecovers!)).toHaveLength(4);
    } finally {
      await jobs.stop();
    }
  }, 90_000);
});

describe("several instances starting at once on an empty database", () => {
  it("all start: the queue's schema, queues and schedules are created once", async () => {
    interface Payloads {
      first: Record<string, never>;
      second: Record<string, never>;
    }
    const database = await openTestDatabase();
    const pools = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: database.url, poolSize: 2 })));
    const instances = pools.map((pool) => {
      const jobs = createPgBossJobs<Payloads>({ database: pool, log: quietLog });
      jobs.define({ name: "first", async handle() {} });
      jobs.define({ name: "second", async handle() {} });
      jobs.schedule("first", "0 3 * * *", {});
      return jobs;
    });
    try {
      const started = await Promise.allSettled(instances.map((jobs) => jobs.start()));
      expect(started.filter((result) => result.status === "rejected")).toEqual([]);
      const result = (await database.db.execute(
        sql`select (select count(*)::int from pgboss.queue where name in ('first', 'second')) as queues,
                   (select count(*)::int from pgboss.schedule) as schedules`,
      )) as unknown as { rows: { queues: number; schedules: number }[] };
      expect(result.rows[0]).toEqual({ queues: 2, schedules: 1 });
    } finally {
      for (const jobs of instances) await jobs.stop();
      for (const pool of new Set(pools)) if (pool !== database) await pool.close();
      await database.close();
    }
  }, 60_000);
});

describe("a schedule with two instances on one database", () => {
  it("sends each occurrence once: a job every minute runs once per minute, on one of them", async () => {
    interface Payloads {
      tick: { from: string };
    }
    const database = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    // pg-boss's own test clock, shared by both instances and the database's job_now(): time moves only when
    // the test moves it, so the minutes a schedule owes are known exactly, whatever the machine's speed.
    // From 09:00:30 in Tokyo, in the middle of a minute (a real start can fall anywhere in one).
    const clock = new TestClock(new Date("2026-06-01T00:00:30Z"));
    const runs: string[] = [];
    const instances = (["a", "b"] as const).map((instance) => {
      const jobs = createPgBossJobs<Payloads>({
        database: instance === "a" ? database : second,
        log: quietLog,
        // The product's loops (cron pass every 30 s, polls every 5 s): the clock makes them as fast as the test.
        clock,
      });
      jobs.define({
        name: "tick",
        async handle() {
          runs.push(instance);
        },
      });
      jobs.schedule("tick", "* * * * *", { from: "cron" });
      return jobs;
    });
    const unfinished = async () => {
      const result = (await database.db.execute(
        sql`select count(*)::int as open from pgboss.job
            where name in ('tick', '__pgboss__send-it') and state not in ('completed', 'failed', 'cancelled')`,
      )) as unknown as { rows: { open: number }[] };
      return result.rows[0]!.open;
    };
    try {
      for (const jobs of instances) await jobs.start();
      // Three minute boundaries (09:01, 09:02, 09:03); each tick fires every timer due within it, in order.
      for (let step = 0; step < 18; step += 1) await clock.tick(10_000);
      // The jobs already sent finish by themselves (woken by their notification, or by the next poll the
      // clock fires); the clock stays within 09:03, so no further occurrence can come due meanwhile.
      for (let wait = 0; (await unfinished()) > 0; wait += 1) {
        if (wait > 300) throw new Error("the schedule's jobs did not finish");
        await clock.tick(100);
      }
      const ticks = (await database.db.execute(
        sql`select state, to_char(created_on at time zone 'Asia/Tokyo', 'HH24:MI:SS') as at
            from pgboss.job where name = 'tick' order by created_on`,
      )) as unknown as { rows: { state: string; at: string }[] };
      // One job per minute boundary the clock crossed, each run once, by one instance or the other. The minute
      // in progress at the start (09:00) is still inside pg-boss's 60-second window: a first pass made before
      // 09:01 may send it too, once at most.
      const minutes = ticks.rows.map((row) => row.at.slice(0, 5));
      expect(minutes.filter((minute) => minute !== "09:00")).toEqual(["09:01", "09:02", "09:03"]);
      expect(minutes.filter((minute) => minute === "09:00").length).toBeLessThanOrEqual(1);
      expect(ticks.rows.every((row) => row.state === "completed")).toBe(true);
      expect(runs).toHaveLength(ticks.rows.length);
      const result = (await database.db.execute(
        sql`select count(*)::int as rows from pgboss.schedule where name = 'tick'`,
      )) as unknown as { rows: { rows: number }[] };
      expect(result.rows[0]!.rows).toBe(1);
    } finally {
      for (const jobs of instances) await jobs.stop();
      if (second !== database) await second.close();
      await database.close();
    }
  }, 180_000);
});

describe("a job woken from inside a request", () => {
  it("runs as the system, not as the request's actor", async () => {
    interface Payloads {
      who: Record<string, never>;
    }
    const database = await openTestDatabase();
    // A slow poll: the job can only be started by the notification its enqueue sends.
    const jobs = createPgBossJobs<Payloads>({
      database,
      log: quietLog,
      tuning: { ...fastJobsTuning, pollingIntervalSeconds: 30 },
    });
    const actors: (string | undefined)[] = [];
    jobs.define({
      name: "who",
      async handle() {
        actors.push(currentActor());
      },
    });
    await jobs.start();
    try {
      const ids = await runAsActor("0190a5a0-0000-7000-8000-000000000001", async () => {
        expect(currentActor()).toBeDefined();
        return [await jobs.enqueue(database.db, "who", {}), await jobs.enqueue(database.db, "who", {})];
      });
      // Past the 30 s poll: a notification that arrives while the new worker's first fetch is still under way is
      // not acted on by pg-boss, and on a busy machine that first fetch is slow (CI waited out 20 s once).
      for (const id of ids) await waitForJob(database.db, id!, "completed", 45_000);
      expect(actors).toEqual([undefined, undefined]);
    } finally {
      await jobs.stop();
      await database.close();
    }
  });
});

/** A database that can be closed and opened again, as across a restart of the server. */
async function restartableDatabase() {
  const owner = await openTestDatabase();
  return {
    env: { DATABASE_URL: owner.url, DATA_DIR: "unused" },
    open: () => openDatabase({ databaseUrl: owner.url, poolSize: 3 }),
    cleanup: () => owner.close(),
  };
}

describe("a job interrupted by a restart", () => {
  it("is failed when the server stops before it ends (SIGTERM), and completes after the restart", async () => {
    const store = await restartableDatabase();
    try {
      const first = await store.open();
      const before = createPgBossJobs<CrashPayloads>({ database: first, log: quietLog, tuning: fastJobsTuning });
      let started = false;
      before.define({
        ...CRASH_JOB,
        async handle() {
          started = true;
          await new Promise(() => {});
        },
      });
      await before.start();
      const id = await before.enqueue(first.db, "slow", { key: "restart" });
      await until(() => started);
      // The drain gives the running handler one second, then gives the job back.
      await before.stop({ timeoutMs: 1000 });
      expect((await jobsNamed(first.db, "slow"))[0]).toMatchObject({ id, state: "retry" });
      await first.close();

      const second = await store.open();
      const after = createPgBossJobs<CrashPayloads>({ database: second, log: quietLog, tuning: fastJobsTuning });
      const runs: number[] = [];
      after.define({
        ...CRASH_JOB,
        async handle(_payload, run) {
          runs.push(run.retryCount);
          return { finished: true };
        },
      });
      await after.start();
      const done = await waitForJob(second.db, id!);
      expect(done).toMatchObject({ retry_count: 1, output: { finished: true } });
      expect(runs).toEqual([1]);
      await after.stop();
      await second.close();
    } finally {
      await store.cleanup();
    }
  }, 90_000);

  it("is run again after a crash (SIGKILL) once its time is up", async () => {
    const store = await restartableDatabase();
    let child: ChildProcess | undefined;
    try {
      child = spawn(node, [path.resolve(here, "../../test/job-crash-worker.ts")], {
        env: { ...process.env, ...store.env },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      const startedId = await new Promise<string>((resolve, reject) => {
        let text = "";
        child!.stdout!.on("data", (chunk) => {
          text += chunk;
          const match = /started (\S+)\n/.exec(text);
          if (match) resolve(match[1]!);
        });
        child!.once("exit", (code) => reject(new Error(`worker exited (${code}) before the job started`)));
      });
      child.kill("SIGKILL");
      await exited;

      const database = await store.open();
      const jobs = createPgBossJobs<CrashPayloads>({ database, log: quietLog, tuning: fastJobsTuning });
      const runs: number[] = [];
      jobs.define({
        ...CRASH_JOB,
        async handle(_payload, run) {
          runs.push(run.retryCount);
        },
      });
      expect((await jobsNamed(database.db, "slow"))[0]).toMatchObject({ id: startedId, state: "active" });
      await jobs.start();
      await waitForJob(database.db, startedId, "completed", 30_000);
      expect(runs).toEqual([1]);
      await jobs.stop();
      await database.close();
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await store.cleanup();
    }
  }, 120_000);
});
