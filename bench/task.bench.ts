// The task lists of a large customer: 1,000 staff, 200 projects and 100,000 tasks written straight into the
// database (bench/sample-company.ts, through the API's schema), on PGlite and on PostgreSQL. Signs in as an
// ordinary member (the one with the most open tasks) and measures with autocannon, at 50 connections:
//   - GET /app/task/me/list (the caller's open tasks, first page of 50),
//   - GET /app/task/list?tab=group (the tasks of the caller's groups, first page of 50),
// each beside a bare Fastify route (bench/bare-server.ts) answering the same JSON body in the same run.
//
//   npm run bench:task -w @tasuki/bench     (build the API first: npm run build -w @tasuki/api)
//
// Settings (environment): BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3), BENCH_CONNECTIONS (50),
// BENCH_DATABASES ("pglite,postgres"), BENCH_PG_URL (admin URL, postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_STAFF / BENCH_PROJECTS / BENCH_TASKS (1000 / 200 / 100000), BENCH_PG_DATABASE (tasuki_bench_tasks,
// dropped and made again at the start, dropped at the end unless BENCH_KEEP=1). BENCH_KEEP=1 also keeps the PGlite data
// directory and writes the seed's summary beside it; BENCH_REUSE=1 then measures on the kept data without seeding
// again (3 minutes less per database when comparing builds).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { cpuTimeMs, cpuTimesMs, descendantPids, formatTable, root, round, runBench, startServer } from "./lib.ts";
import { fillSampleCompany, type SampleCompanySummary } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  durationS: num("BENCH_DURATION", 10),
  warmupS: num("BENCH_WARMUP", 3),
  connections: num("BENCH_CONNECTIONS", 50),
  databases: (process.env.BENCH_DATABASES ?? "embedded,postgres").split(",").map((name) => name.trim()),
  pgAdminUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  pgDatabase: process.env.BENCH_PG_DATABASE ?? "tasuki_bench_tasks",
  staff: num("BENCH_STAFF", 1000),
  projects: num("BENCH_PROJECTS", 200),
  tasks: num("BENCH_TASKS", 100_000),
  reuse: process.env.BENCH_REUSE === "1",
  serverJs: process.env.BENCH_SERVER_JS ?? "apps/api/dist/server.js",
};
const serverJs = path.join(root, "apps/api/dist/server.js");
if (!existsSync(serverJs)) {
  console.error("bench: apps/api/dist/server.js is missing: build the API first (npm run build -w @tasuki/api)");
  process.exit(2);
}

interface Measured {
  database: string;
  scenario: string;
  target: "api" | "bare";
  url: string;
  requestsPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
  /** Requests without an answer within autocannon's 10 s (part of errors). */
  timeouts: number;
  bodyBytes: number;
  serverCpuMsPerRequest: number | null;
  /** The database's processes' CPU per answered request (null for the bare route). */
  databaseCpuMsPerRequest: number | null;
  loadAverage: number;
}

const cleanups: (() => void)[] = [];

function psql(url: string, command: string): void {
  execFileSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-qAtc", command], { stdio: ["ignore", "pipe", "pipe"] });
}

async function seed(env: Record<string, string>): Promise<{ summary: SampleCompanySummary; seconds: number }> {
  const started = Date.now();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    const summary = await fillSampleCompany(database.db, {
      companyName: "大規模タスク検証株式会社",
      workspaceCode: `bench-${randomBytes(4).toString("hex")}`,
      emailDomain: "bench-tasks.example",
      ownerEmail: "owner@bench-tasks.example",
      password: "Bench-Tasks-2026",
      staff: settings.staff,
      projects: settings.projects,
      tasks: settings.tasks,
      now: new Date(),
    });
    // What autovacuum does to a table after many inserts: statistics and the visibility map (index-only scans).
    await database.db.execute(sql`vacuum analyze`);
    return { summary, seconds: round((Date.now() - started) / 1000, 1) };
  } finally {
    await database.close();
  }
}

async function call<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function startBare(bodies: Record<string, unknown>, dir: string): Promise<{ child: ChildProcess; base: string }> {
  const file = path.join(dir, "bare-bodies.json");
  writeFileSync(file, JSON.stringify(bodies));
  const child = spawn(
    process.execPath,
    [
      "--experimental-strip-types",
      "--disable-warning=ExperimentalWarning",
      path.join(root, "bench/bare-server.ts"),
      file,
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  cleanups.unshift(() => {
    if (child.exitCode === null) child.kill("SIGTERM");
  });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function measure(
  database: string,
  scenario: string,
  target: "api" | "bare",
  base: string,
  url: string,
  pid: number,
  headers: Record<string, string>,
  bodyBytes: number,
  databasePids: (() => number[]) | null,
): Promise<Measured> {
  const options = { url: base + url, connections: settings.connections, headers };
  if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });
  const loadAverage = round(os.loadavg()[0] ?? 0, 2);
  // After the warm-up the pool's connections are open: their backends are the processes to watch.
  const databaseBefore = databasePids ? cpuTimesMs(databasePids()) : null;
  const cpuBefore = cpuTimeMs(pid);
  const run = await autocannon({ ...options, duration: settings.durationS });
  const cpuAfter = cpuTimeMs(pid);
  const databaseAfter = databaseBefore ? cpuTimesMs([...databaseBefore.keys()]) : null;
  let databaseMs: number | null = null;
  if (databaseBefore && databaseAfter) {
    databaseMs = 0;
    for (const [dbPid, after] of databaseAfter) databaseMs += after - databaseBefore.get(dbPid)!;
  }
  return {
    database,
    scenario,
    target,
    url,
    requestsPerSec: round(run.requests.average, 1),
    latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
    requests: run.requests.total,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    bodyBytes,
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || !run.requests.total
        ? null
        : round((cpuAfter - cpuBefore) / run.requests.total, 2),
    databaseCpuMsPerRequest:
      databaseMs === null || !run.requests.total ? null : round(databaseMs / run.requests.total, 2),
    loadAverage,
  };
}

const keep = process.env.BENCH_KEEP === "1";
const reuse = process.env.BENCH_REUSE === "1";
/** Where a kept seed is described (BENCH_KEEP=1) and found again (BENCH_REUSE=1). */
const keptSeed = (database: string) => path.join(os.tmpdir(), `tasuki-bench-task-kept-${database}.json`);

async function runDatabase(database: string): Promise<{ measured: Measured[]; seeding: object }> {
  const kept = reuse && existsSync(keptSeed(database)) ? JSON.parse(readFileSync(keptSeed(database), "utf8")) : null;
  if (reuse && !kept) throw new Error(`BENCH_REUSE=1: no kept seed for ${database} (run once with BENCH_KEEP=1)`);
  const dataDir: string = kept?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-task-"));
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
    `bench: ${database}: ${summary.staff} staff, ${summary.projects} projects, ${summary.tasks} tasks ${kept ? "kept from an earlier run" : `written in ${seconds} s`}`,
  );
  // A kept seed made by an older build is migrated by the server's start: 100,000 tasks take a while.
  const server = await startServer(env, cleanups, kept ? 900_000 : 90_000);
  const tokens = await call<{ access_token: string }>(server.base, "POST", "/app/auth/login-with-email", {
    email: summary.sampleMemberEmail,
    password: summary.password,
  });
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const ws = summary.workspaceId;
  const scenarios: [string, string][] = [
    ["task/me/list", `/app/task/me/list?workspace_id=${ws}`],
    ["task/list tab=group", `/app/task/list?workspace_id=${ws}&tab=group`],
  ];
  const bodies: Record<string, unknown> = {};
  const sizes = new Map<string, { bytes: number; items: number; total: number }>();
  for (const [name, url] of scenarios) {
    const body = await call<{ items: unknown[]; total: number }>(
      server.base,
      "GET",
      url,
      undefined,
      tokens.access_token,
    );
    bodies[new URL(url, server.base).pathname] = body;
    sizes.set(name, { bytes: Buffer.byteLength(JSON.stringify(body)), items: body.items.length, total: body.total });
    console.log(`bench: ${name}: ${body.items.length} of ${body.total} tasks, ${sizes.get(name)!.bytes} bytes`);
  }
  const bare = await startBare(bodies, dataDir);
  // The database's CPU: the embedded server runs under the API process; on a server, the backends of the bench's
  // database (its other processes, shared with other databases, are left out).
  const databasePids =
    database === "postgres"
      ? () =>
          execFileSync(
            "psql",
            [settings.pgAdminUrl, "-qAtc", `select pid from pg_stat_activity where datname = '${settings.pgDatabase}'`],
            { encoding: "utf8" },
          )
            .split("\n")
            .filter(Boolean)
            .map(Number)
      : () => descendantPids(server.child.pid!);
  const measured: Measured[] = [];
  for (const [name, url] of scenarios) {
    const bytes = sizes.get(name)!.bytes;
    measured.push(
      await measure(database, name, "api", server.base, url, server.child.pid!, headers, bytes, databasePids),
    );
    measured.push(await measure(database, name, "bare", bare.base, url, bare.child.pid!, {}, bytes, null));
  }
  server.child.kill("SIGTERM");
  bare.child.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { measured, seeding: { database, seconds, ...summary, lists: Object.fromEntries(sizes) } };
}

async function main(): Promise<void> {
  const all: Measured[] = [];
  const seeding: object[] = [];
  for (const database of settings.databases) {
    const { measured, seeding: seeded } = await runDatabase(database);
    all.push(...measured);
    seeding.push(seeded);
  }
  const rows: (string | number)[][] = [
    [
      "database",
      "scenario",
      "target",
      "req/s",
      "p50 ms",
      "p99 ms",
      "non-2xx",
      "errors",
      "timeouts",
      "CPU ms/req",
      "DB CPU ms/req",
      "api/bare",
      "load",
    ],
  ];
  for (const m of all) {
    const bare = all.find((b) => b.database === m.database && b.scenario === m.scenario && b.target === "bare");
    rows.push([
      m.database,
      m.scenario,
      m.target,
      m.requestsPerSec,
      m.latencyMs.p50,
      m.latencyMs.p99,
      m.non2xx,
      m.errors,
      m.timeouts,
      m.serverCpuMsPerRequest ?? "-",
      m.databaseCpuMsPerRequest ?? "-",
      m.target === "api" && bare ? round(m.requestsPerSec / bare.requestsPerSec, 2) : "-",
      m.loadAverage,
    ]);
  }
  console.log(formatTable(rows));
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `task-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
  let commit = "";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "task", commit, date: new Date().toISOString(), settings: { ...settings, pgAdminUrl: undefined }, cpus: os.cpus().length, seeding, results: all }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
  if (all.some((m) => m.non2xx || m.errors)) process.exitCode = 1;
}

await runBench(main, cleanups);
