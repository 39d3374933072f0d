// Analytics of a large customer: 1,000 staff, 200 projects and 100,000 tasks written straight into the database
// (bench/sample-company.ts), on PostgreSQL and on PGlite. Signs in as the owner and measures with autocannon, at
// BENCH_CONNECTIONS (10), each call of the analytics page (this month) for the workspace and for its largest
// top-level group (its sub-groups rolled up): summary, workload, breakdown by group and by person. Also times one
// call alone (no concurrency), which is what a person opening the page waits for. While each call is hammered, one
// more client calls GET /app/user/me in a loop (a cheap request of another person: does the server stay
// responsive?), beside the same probe on the idle server. Then, unless BENCH_PAGE=0, Chromium loads the workspace's
// analytics page as the owner (bench/analytics-page.ts): once cold, BENCH_PAGE_RUNS (5) times warm.
//
//   npm run bench:analytics -w @tasuki/bench     (build the API first: npm run build -w @tasuki/api)
//
// Settings (environment): BENCH_DURATION (s, 8), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (10),
// BENCH_DATABASES ("postgres,embedded"), BENCH_PG_URL (admin URL), BENCH_PG_DATABASE (tasuki_bench_analytics, dropped
// and made again, dropped at the end unless BENCH_KEEP=1). BENCH_KEEP=1 keeps the seeds; BENCH_REUSE=1 measures on them.
// BENCH_SCOPES ("workspace,group"), BENCH_CALLS (1; 0 measures the page only), BENCH_PAGE (1), BENCH_PAGE_RUNS (5),
// CHROMIUM_PATH (/usr/bin/chromium).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { measureAnalyticsPage } from "./analytics-page.ts";
import { formatTable, root, round, runBench, sleep, startServer } from "./lib.ts";
import { fillSampleCompany, type SampleCompanySummary } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  durationS: num("BENCH_DURATION", 8),
  warmupS: num("BENCH_WARMUP", 2),
  connections: num("BENCH_CONNECTIONS", 10),
  databases: (process.env.BENCH_DATABASES ?? "postgres,embedded").split(",").map((name) => name.trim()),
  pgAdminUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  pgDatabase: process.env.BENCH_PG_DATABASE ?? "tasuki_bench_analytics",
  staff: num("BENCH_STAFF", 1000),
  projects: num("BENCH_PROJECTS", 200),
  tasks: num("BENCH_TASKS", 100_000),
  scopes: (process.env.BENCH_SCOPES ?? "workspace,group").split(",").map((name) => name.trim()),
  page: process.env.BENCH_PAGE !== "0",
  calls: process.env.BENCH_CALLS !== "0",
  pageRuns: num("BENCH_PAGE_RUNS", 5),
};
if (!existsSync(path.join(root, "apps/api/dist/server.js"))) {
  console.error("bench: apps/api/dist/server.js is missing: build the API first (npm run build -w @tasuki/api)");
  process.exit(2);
}
const keep = process.env.BENCH_KEEP === "1";
const reuse = process.env.BENCH_REUSE === "1";
const keptSeed = (database: string) => path.join(os.tmpdir(), `tasuki-bench-analytics-kept-${database}.json`);
const cleanups: (() => void)[] = [];

const psql = (url: string, command: string) =>
  execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", command], { stdio: ["ignore", "pipe", "pipe"] });

async function seed(env: Record<string, string>): Promise<{ summary: SampleCompanySummary; seconds: number }> {
  const started = Date.now();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    const summary = await fillSampleCompany(database.db, {
      companyName: "大規模分析検証株式会社",
      workspaceCode: `bench-${randomBytes(4).toString("hex")}`,
      emailDomain: "bench-analytics.example",
      ownerEmail: "owner@bench-analytics.example",
      password: "Bench-Analytics-2026",
      staff: settings.staff,
      projects: settings.projects,
      tasks: settings.tasks,
      now: new Date(),
    });
    await database.db.execute(sql`vacuum analyze`);
    return { summary, seconds: round((Date.now() - started) / 1000, 1) };
  } finally {
    await database.close();
  }
}

async function get<T>(base: string, url: string, token: string): Promise<{ body: T; ms: number }> {
  const started = performance.now();
  const response = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as T, ms };
}

/**
 * A yardstick read at the same moment: the best of three `count(*)` over the workspace's tasks through psql (a plain
 * scan of 100,000 rows). On a machine shared with other work the absolute times swing; the ratio to it does less.
 */
function countScanMs(url: string, workspaceId: string): number | null {
  try {
    const out = execFileSync(
      "psql",
      [
        url,
        "-qAt",
        "-c",
        "\\timing on",
        ...Array.from({ length: 3 }, () => [
          "-c",
          `select count(*) from tasks where workspace_id = '${workspaceId}'`,
        ]).flat(),
      ],
      { encoding: "utf8" },
    );
    const times = [...out.matchAll(/Time: ([\d.]+) ms/g)].map((match) => Number(match[1]));
    return times.length ? round(Math.min(...times), 1) : null;
  } catch {
    return null;
  }
}

interface Measured {
  database: string;
  countScanMs: number | null;
  scope: string;
  call: string;
  aloneMs: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  loadAverage: number;
  /** GET /app/user/me, one request at a time, while the call was hammered: median and 99th percentile, ms. */
  probe: ProbeFigures;
}

interface ProbeFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * Another person's cheap request while the analytics calls run: GET /app/user/me (a JWT check, the session row and
 * the user row) one at a time, 50 ms apart, until `done` settles. Its latency says whether the server still answers
 * other requests promptly.
 */
async function probeWhile<T>(
  base: string,
  token: string,
  work: PromiseLike<T>,
): Promise<{ value: T; probe: ProbeFigures }> {
  let finished = false;
  const settled = Promise.resolve(work).finally(() => {
    finished = true;
  });
  const times: number[] = [];
  while (!finished) {
    times.push((await get(base, "/app/user/me", token)).ms);
    await Promise.race([settled.catch(() => undefined), sleep(50)]);
  }
  const value = await settled;
  return {
    value,
    probe: {
      count: times.length,
      p50: round(percentile(times, 50), 1),
      p99: round(percentile(times, 99), 1),
      max: round(Math.max(...times), 1),
    },
  };
}

async function runDatabase(
  database: string,
): Promise<{ measured: Measured[]; seeding: object; idleProbe: ProbeFigures; page: object | null }> {
  const kept = reuse && existsSync(keptSeed(database)) ? JSON.parse(readFileSync(keptSeed(database), "utf8")) : null;
  if (reuse && !kept) throw new Error(`BENCH_REUSE=1: no kept seed for ${database} (run once with BENCH_KEEP=1)`);
  const dataDir: string = kept?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-analytics-"));
  if (!keep && !reuse) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (database === "postgres") {
    const url = new URL(settings.pgAdminUrl);
    if (!kept) {
      psql(settings.pgAdminUrl, `DROP DATABASE IF EXISTS ${settings.pgDatabase} WITH (FORCE)`);
      psql(settings.pgAdminUrl, `CREATE DATABASE ${settings.pgDatabase}`);
    }
    if (!keep && !reuse) {
      cleanups.push(() => psql(settings.pgAdminUrl, `DROP DATABASE IF EXISTS ${settings.pgDatabase} WITH (FORCE)`));
    }
    url.pathname = `/${settings.pgDatabase}`;
    env.DATABASE_URL = url.toString();
    env.AUTH_SECRET = randomBytes(36).toString("base64url");
  }
  const { summary, seconds }: { summary: SampleCompanySummary; seconds: number } = kept ?? (await seed(env));
  if (keep && !kept) writeFileSync(keptSeed(database), JSON.stringify({ dataDir, summary, seconds }));
  console.log(
    `bench: ${database}: ${summary.staff} staff, ${summary.tasks} tasks ${kept ? "(kept)" : `written in ${seconds} s`}`,
  );
  // A kept seed may be migrated by this start (a new index on 100,000 tasks): give it time on a busy machine.
  const server = await startServer(env, cleanups, kept ? 900_000 : 90_000);
  const login = await fetch(`${server.base}/app/auth/login-with-email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: summary.ownerEmail, password: summary.password }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  // The probe's own session, as another person's browser would have.
  const probeLogin = await fetch(`${server.base}/app/auth/login-with-email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: summary.ownerEmail, password: summary.password }),
  });
  const probeToken = ((await probeLogin.json()) as { access_token: string }).access_token;
  // The probe on the idle server, for comparison: 3 s of it.
  const idleProbe = (await probeWhile(server.base, probeToken, sleep(3000))).probe;
  console.log(`bench: ${database}: GET /app/user/me on the idle server: p50 ${idleProbe.p50} p99 ${idleProbe.p99} ms`);
  const ws = summary.workspaceId;
  const scopeQuery = (scope: string, id: string) => `workspace_id=${ws}&scope=${scope}&scope_id=${id}&period=month`;
  // The largest top-level group: the first row of the workspace's breakdown by group (most open tasks).
  const groups = await get<{ rows: { key: string | null; total: number }[] }>(
    server.base,
    `/app/analytics/breakdown?${scopeQuery("workspace", ws)}&by=group`,
    token,
  );
  const largest = groups.body.rows.find((row) => row.key)!;
  console.log(`bench: largest group ${largest.key} with ${largest.total} tasks`);
  const scopes: [string, string][] = [
    ["workspace", scopeQuery("workspace", ws)],
    [`group (${largest.total} tasks)`, scopeQuery("group", largest.key!)],
  ].filter(([scope]) => settings.scopes.includes(scope!.split(" ")[0]!)) as [string, string][];
  // The calls of the page, in the order it makes them (scopes once, with the workspace).
  const calls: [string, string][] = [
    ["scopes", "/app/analytics/scopes?"],
    ["summary", "/app/analytics/summary?"],
    ["workload", "/app/analytics/workload?"],
    ["breakdown by group", "/app/analytics/breakdown?by=group&"],
    ["breakdown by person", "/app/analytics/breakdown?by=person&"],
    ["meetings", "/app/analytics/meetings?"],
  ];
  const measured: Measured[] = [];
  for (const [scope, query] of settings.calls ? scopes : []) {
    for (const [name, prefix] of calls) {
      if (name === "scopes" && scope !== "workspace") continue;
      const url = name === "scopes" ? `${prefix}workspace_id=${ws}` : prefix + query;
      // Alone: the best of three sequential calls (the first warms the plan cache).
      const alone = Math.min(
        ...[
          await get(server.base, url, token),
          await get(server.base, url, token),
          await get(server.base, url, token),
        ].map((r) => r.ms),
      );
      const options = {
        url: server.base + url,
        connections: settings.connections,
        headers: { authorization: `Bearer ${token}` },
      };
      if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });
      const loadAverage = round(os.loadavg()[0] ?? 0, 2);
      const { value: run, probe } = await probeWhile(
        server.base,
        probeToken,
        autocannon({ ...options, duration: settings.durationS }),
      );
      measured.push({
        database,
        countScanMs: env.DATABASE_URL ? countScanMs(env.DATABASE_URL, ws) : null,
        scope,
        call: name,
        aloneMs: round(alone, 1),
        requestsPerSec: round(run.requests.average, 1),
        p50: run.latency.p50,
        p99: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
        loadAverage,
        probe,
      });
      console.log(
        `bench: ${database} ${scope} ${name}: alone ${round(alone, 1)} ms, p50 ${run.latency.p50} p99 ${run.latency.p99} ms; ` +
          `user/me meanwhile p50 ${probe.p50} p99 ${probe.p99} ms (load ${loadAverage})`,
      );
    }
  }
  let page: object | null = null;
  if (settings.page) {
    const loadBefore = round(os.loadavg()[0] ?? 0, 2);
    const result = await measureAnalyticsPage(
      server.base,
      ws,
      { email: summary.ownerEmail, password: summary.password },
      settings.pageRuns,
    );
    page = { ...result, loadBefore, loadAfter: round(os.loadavg()[0] ?? 0, 2) };
    if ("skipped" in result) console.log(`bench: ${database}: page skipped: ${result.skipped}`);
    else {
      const figures = result.warm.map((run) => run.figuresMs);
      const charts = result.warm.map((run) => run.chartsMs);
      console.log(
        `bench: ${database}: /analytics/workspace cold: figures ${result.cold.figuresMs} ms, charts ${result.cold.chartsMs} ms; ` +
          `warm (${result.warm.length}): figures median ${percentile(figures, 50)} ms, charts median ${percentile(charts, 50)} ms ` +
          `(max ${Math.max(...charts)}); main thread median ${percentile(
            result.warm.map((run) => run.mainThreadMs),
            50,
          )} ms; calls answered by ${percentile(
            result.warm.map((run) => run.lastCallMs),
            50,
          )} ms; at load ${loadBefore}–${round(os.loadavg()[0] ?? 0, 2)}`,
      );
    }
  }
  server.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    measured,
    seeding: { database, seconds, ...summary, largestGroupTasks: largest.total },
    idleProbe,
    page,
  };
}

async function main(): Promise<void> {
  const all: Measured[] = [];
  const seeding: object[] = [];
  const pages: object[] = [];
  const idleProbes: object[] = [];
  for (const database of settings.databases) {
    const result = await runDatabase(database);
    all.push(...result.measured);
    seeding.push(result.seeding);
    pages.push({ database, ...result.page });
    idleProbes.push({ database, ...result.idleProbe });
  }
  const rows: (string | number)[][] = [
    [
      "database",
      "scope",
      "call",
      "alone ms",
      "count(*) ms",
      "req/s",
      "p50 ms",
      "p99 ms",
      "me p50/p99 ms",
      "non-2xx",
      "errors",
      "load",
    ],
    ...all.map((m) => [
      m.database,
      m.scope,
      m.call,
      m.aloneMs,
      m.countScanMs ?? "-",
      m.requestsPerSec,
      m.p50,
      m.p99,
      `${m.probe.p50}/${m.probe.p99}`,
      m.non2xx,
      m.errors,
      m.loadAverage,
    ]),
  ];
  console.log(formatTable(rows));
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `analytics-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "analytics", commit, date: new Date().toISOString(), settings: { ...settings, pgAdminUrl: undefined }, cpus: os.cpus().length, seeding, idleProbes, results: all, pages }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
  if (all.some((m) => m.non2xx || m.errors)) process.exitCode = 1;
}

await runBench(main, cleanups);
