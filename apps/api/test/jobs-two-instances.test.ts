/**
 * Two API instances on one database, both working the job queue: every job runs exactly once. Each
 * instance has its own pools (the API's and the queue's) and its own queue workers.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { fastJobsTuning, jobsNamed, until } from "./job-helpers.ts";
import { createTestApp, type TestApp, testConfig } from "./test-app.ts";

let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
let secondPool: Database | null = null;

beforeAll(async () => {
  a = await createTestApp();
  secondPool = await openDatabase({ databaseUrl: a.ctx.database.url, poolSize: 3 });
  b = await buildApp({
    config: testConfig({ smtpUrl: a.ctx.config.smtpUrl }),
    database: secondPool ?? a.ctx.database,
    jobsTuning: fastJobsTuning,
    logger: false,
  });
  await b.app.ready();
});

afterAll(async () => {
  await b?.app.close();
  b?.ctx.mailer.close();
  await secondPool?.close();
  await a?.close();
});

describe("jobs with two instances on one database", () => {
  it("run once each: 40 mails enqueued through both instances arrive exactly once", async () => {
    const to = "twice@example.co.jp";
    const subjects = Array.from({ length: 40 }, (_, i) => `お知らせ ${String(i + 1).padStart(2, "0")}`);
    // Half committed through each instance, in one transaction each.
    for (const [instance, part] of [
      [a.ctx, subjects.slice(0, 20)],
      [b.ctx, subjects.slice(20)],
    ] as const) {
      await instance.db.transaction(async (tx) => {
        for (const subject of part) {
          await instance.jobs.enqueue(tx, "send-mail", { to, subject, text: subject, html: `<p>${subject}</p>` });
        }
      });
    }
    await until(async () => (await jobsNamed(a.ctx.db, "send-mail")).every((job) => job.state === "completed"), 30_000);
    // A job completes only after the SMTP server took its mail, and a completed job is never run again: every
    // delivery there will be has happened.
    expect(
      a.smtp
        .mailsTo(to)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(subjects);
    const rows = await jobsNamed(a.ctx.db, "send-mail");
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.retry_count === 0)).toBe(true);
  });

  it("keep one schedule row per job whatever the number of instances", async () => {
    const result = (await a.ctx.db.execute(
      sql`select name, count(*)::int as rows from pgboss.schedule group by name order by name`,
    )) as unknown as { rows: { name: string; rows: number }[] };
    expect(result.rows.length).toBeGreaterThanOrEqual(2);
    expect(result.rows.every((row) => row.rows === 1)).toBe(true);
  });
});
