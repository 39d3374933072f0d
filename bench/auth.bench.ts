// Sign-in benchmark: starts the built API (apps/api/dist/server.js) on PGlite, then on PostgreSQL,
// seeds users through the public API and measures login, token renewal and GET /app/user/me with autocannon.
//
//   npm run bench                 (from the repository root; build the API first: npm run build -w @tasuki/api)
//
// Settings (environment): BENCH_DURATION seconds per scenario (10), BENCH_WARMUP seconds before each (2),
// BENCH_CONNECTIONS (login 10, renew 20, me 20), BENCH_USERS (20, at most 25: the API allows 30 codes
// per address in 15 minutes), BENCH_DATABASES ("pglite,postgres"), BENCH_PG_URL (an admin URL of the
// PostgreSQL server, postgres://postgres@127.0.0.1:5432/postgres).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import {
  cleanEnv,
  cpuTimeMs,
  formatTable,
  freePort,
  type Memory,
  memoryOf,
  root,
  round,
  sleep,
  waitForHealthz,
} from "./lib.ts";

const serverJs = path.join(root, "apps/api/dist/server.js");
const resultsDir = path.join(root, "bench/results");

const intEnv = (name: string, fallback: number, min: number, max: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`bench: ${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    process.exit(2);
  }
  return value;
};

const settings = {
  durationS: intEnv("BENCH_DURATION", 10, 1, 600),
  warmupS: intEnv("BENCH_WARMUP", 2, 0, 60),
  users: intEnv("BENCH_USERS", 20, 1, 25),
  connections: {
    login: intEnv("BENCH_CONNECTIONS", 10, 1, 1000),
    renew: intEnv("BENCH_CONNECTIONS", 20, 1, 1000),
    me: intEnv("BENCH_CONNECTIONS", 20, 1, 1000),
  },
  databases: (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim()),
  pgAdminUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
};

for (const name of settings.databases) {
  if (name !== "pglite" && name !== "postgres") {
    console.error(`bench: BENCH_DATABASES lists "${name}"; known: pglite, postgres`);
    process.exit(2);
  }
}

interface TokenSet {
  access_token: string;
  refresh_token: string;
  realtime_token: string;
  expires_in: number;
}

interface User {
  email: string;
  password: string;
}

interface ScenarioResult {
  name: string;
  connections: number;
  durationS: number;
  /** autocannon's Req/Sec average (mean of the per-second counts). */
  requestsPerSec: number;
  requests: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  /** The first few non-2xx answers (status and body). */
  rejected: string[];
  warmup: { requests: number; non2xx: number } | null;
  /**
   * CPU time of the server process during the measured run: per request, and as a share of one core
   * (200% = both cores of a 2-core machine). PostgreSQL's own processes are not in it.
   */
  serverCpu: { msPerRequest: number; percentOfOneCore: number } | null;
  /** The machine's 1-minute load average when the run began: other work on the machine shows here. */
  loadAverage: number;
  /** Renew only: requests sent with no unused refresh token at hand, and tokens the bench sent twice (must be 0). */
  poolEmpty?: number;
  tokensSentTwice?: number;
}

interface DatabaseResult {
  database: "pglite" | "postgres";
  skipped?: string;
  /** From spawning the server to the first 200 of /healthz (includes migrations of the empty database). */
  startToHealthzMs?: number;
  memory?: { afterStart: Memory | null; afterLoad: Memory | null };
  seed?: { users: number; ms: number };
  scenarios?: ScenarioResult[];
  shutdown?: { ms: number; exitCode: number | null; signal: string | null };
  /** A second start on the same data (no schema to create): spawn → /healthz, and the idle memory 1 s later. */
  restart?: { startToHealthzMs: number; memory: Memory | null };
  serverLog?: { lines: number; warnings: number; errors: number; samples: string[] };
}

/** Counts the answers of one scenario that were not 2xx, keeping a few for the report. */
class Rejections {
  count = 0;
  samples: string[] = [];
  add(status: number, body: string) {
    this.count++;
    if (this.samples.length < 5) this.samples.push(`${status} ${body.slice(0, 200)}`);
  }
}

// ---------------------------------------------------------------- the server

interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  lines: string[];
  exit: { code: number | null; signal: string | null } | null;
}

let current: { server?: Server; cleanups: (() => void)[] } = { cleanups: [] };

// Ctrl-C: stop the server, drop the database and remove the data directory before leaving.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    current.server?.child.kill("SIGKILL");
    for (const cleanup of current.cleanups.reverse()) cleanup();
    process.exit(130);
  });
}

async function startServer(env: Record<string, string>): Promise<{ server: Server; startMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv = cleanEnv();
  for (const key of Object.keys(childEnv)) {
    if (key === "SMTP_URL" || key === "DATABASE_URL" || key === "AUTH_SECRET" || key.startsWith("OIDC_")) {
      delete childEnv[key];
    }
  }
  Object.assign(childEnv, {
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    ...env,
  });

  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  const server: Server = { child, pid: child.pid ?? 0, base, lines: [], exit: null };
  current.server = server;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => server.lines.push(line));
  }
  child.on("exit", (code, signal) => {
    server.exit = { code, signal };
  });
  try {
    await waitForHealthz(
      base,
      () =>
        server.exit
          ? `the server exited (code ${server.exit.code}, signal ${server.exit.signal}) before /healthz answered:\n${server.lines.slice(-20).join("\n")}`
          : null,
      60_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { server, startMs: performance.now() - started };
}

async function stopServer(server: Server): Promise<{ ms: number; exitCode: number | null; signal: string | null }> {
  const started = performance.now();
  if (!server.exit) {
    const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
    server.child.kill("SIGTERM");
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
  current.server = undefined;
  return {
    ms: round(performance.now() - started),
    exitCode: server.exit?.code ?? null,
    signal: server.exit?.signal ?? null,
  };
}

/** Warnings and errors the server logged (pino JSON at level >= 40, and anything that is not JSON). */
function summarizeLog(lines: string[]): NonNullable<DatabaseResult["serverLog"]> {
  let warnings = 0;
  let errors = 0;
  const samples: string[] = [];
  for (const line of lines) {
    const text = line.trim();
    if (!text) continue;
    let level = 0;
    try {
      level = (JSON.parse(text) as { level?: number }).level ?? 0;
    } catch {
      // The start banner is plain text, and so are Node's own warnings (deprecations); anything else
      // that is not JSON counts as an error.
      if (/^(Tasuki is running at|database:|mail:|API reference:|\(Use `node --trace-)/.test(text)) continue;
      level = /^\(node:\d+\) /.test(text) ? 40 : 50;
    }
    if (level >= 50) errors++;
    else if (level >= 40) warnings++;
    else continue;
    if (samples.length < 10) samples.push(text.slice(0, 400));
  }
  return { lines: lines.length, warnings, errors, samples };
}

// ---------------------------------------------------------------- the public API

async function call(base: string, method: string, route: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

async function expectJson<T>(base: string, method: string, route: string, status: number, body?: unknown): Promise<T> {
  const answer = await call(base, method, route, body);
  if (answer.status !== status) {
    throw new Error(`${method} ${route} answered ${answer.status} (expected ${status}): ${answer.text.slice(0, 300)}`);
  }
  return JSON.parse(answer.text) as T;
}

/** Signs a user up the way the web app does: code by mail (read from the dev outbox), confirm, sign up. */
async function signUp(base: string, user: User): Promise<TokenSet> {
  await expectJson(base, "POST", "/app/auth/verification-code/new", 200, { email: user.email, purpose: "signup" });
  // The code is mailed by a job shortly after the answer: the outbox is read until it arrives (10 s at most).
  let code: string | undefined;
  for (let tries = 0; !code && tries < 100; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    const outbox = await expectJson<{ items: { to: string; text: string }[] }>(base, "GET", "/dev/outbox.json", 200);
    const mail = outbox.items.find((item) => item.to === user.email && /確認コード: \d{6}/.test(item.text));
    code = mail && /確認コード: (\d{6})/.exec(mail.text)?.[1];
  }
  if (!code) throw new Error(`no verification code for ${user.email} in /dev/outbox.json`);
  const { verification_token } = await expectJson<{ verification_token: string }>(
    base,
    "POST",
    "/app/auth/verification-code/conf",
    200,
    { email: user.email, code, purpose: "signup" },
  );
  return expectJson<TokenSet>(base, "POST", "/app/auth/signup-with-email", 201, {
    verification_token,
    password: user.password,
    last_name: "計測",
    first_name: "太郎",
    agree_terms: true,
  });
}

const login = (base: string, user: User) => expectJson<TokenSet>(base, "POST", "/app/auth/login-with-email", 200, user);

/** Runs `task` over `items`, `parallel` at a time. */
async function eachLimited<T>(items: T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

// ---------------------------------------------------------------- autocannon

const json = { "content-type": "application/json" };

type Requests = () => { requests: autocannon.Request[]; rejections: Rejections };

/** A warm-up run (not recorded beyond its counts), then the measured run. */
async function scenario(
  { base, pid }: Server,
  name: string,
  connections: number,
  make: Requests,
): Promise<{ result: ScenarioResult; rejections: Rejections }> {
  let warmup: ScenarioResult["warmup"] = null;
  if (settings.warmupS > 0) {
    const { requests } = make();
    const run = await autocannon({ url: base, connections, duration: settings.warmupS, requests });
    warmup = { requests: run.requests.total, non2xx: run.non2xx };
  }
  const { requests, rejections } = make();
  const loadAverage = round(os.loadavg()[0] ?? 0, 2);
  const cpuBefore = cpuTimeMs(pid);
  const run = await autocannon({ url: base, connections, duration: settings.durationS, requests });
  const cpuAfter = cpuTimeMs(pid);
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(run.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  const result: ScenarioResult = {
    name,
    connections,
    durationS: run.duration,
    requestsPerSec: round(run.requests.average, 1),
    requests: run.requests.total,
    latencyMs: {
      mean: round(run.latency.mean, 1),
      p50: run.latency.p50,
      p90: run.latency.p90,
      p99: run.latency.p99,
      max: run.latency.max,
    },
    non2xx: run.non2xx,
    statusCodes,
    errors: run.errors,
    timeouts: run.timeouts,
    rejected: rejections.samples,
    warmup,
    serverCpu:
      cpuMs === null
        ? null
        : {
            msPerRequest: round(cpuMs / Math.max(1, run.requests.total), 2),
            percentOfOneCore: round((cpuMs / (run.duration * 1000)) * 100),
          },
    loadAverage,
  };
  return { result, rejections };
}

// ---------------------------------------------------------------- one database

function psql(adminUrl: string, sql: string): void {
  execFileSync("psql", [adminUrl, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], { stdio: ["ignore", "pipe", "pipe"] });
}

/** Makes the database (or the data directory) and answers the server's environment for it. */
function prepare(database: "pglite" | "postgres"): { env: Record<string, string> } | { skipped: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tasuki-bench-${database}-`));
  current.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (database === "pglite") return { env: { DATA_DIR: dataDir } };

  const name = `tasuki_bench_${randomBytes(5).toString("hex")}`;
  try {
    psql(settings.pgAdminUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    const reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { skipped: `could not create a database with psql at ${settings.pgAdminUrl}: ${reason}` };
  }
  current.cleanups.push(() => {
    try {
      psql(settings.pgAdminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      console.error(`bench: could not drop the database ${name}: ${(error as Error).message}`);
    }
  });
  const url = new URL(settings.pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(36).toString("base64url") },
  };
}

async function benchDatabase(database: "pglite" | "postgres"): Promise<DatabaseResult> {
  current = { cleanups: [] };
  try {
    const prepared = prepare(database);
    if ("skipped" in prepared) return { database, skipped: prepared.skipped };

    const { server, startMs } = await startServer(prepared.env);
    const { base, pid } = server;
    console.log(`\n[${database}] server pid ${pid} at ${base}: /healthz answered ${round(startMs)} ms after spawn`);
    await sleep(1000);
    const afterStart = memoryOf(pid);

    // Users, each with its own address (the code limit is per address and per client address).
    const runId = randomBytes(3).toString("hex");
    const users: User[] = Array.from({ length: settings.users }, (_, i) => ({
      email: `bench-${runId}-${i}@example.com`,
      password: `Bench-${randomBytes(9).toString("base64url")}`,
    }));
    const seedStarted = performance.now();
    await eachLimited(users, 4, async (user) => {
      await signUp(base, user);
    });
    const seed = { users: users.length, ms: round(performance.now() - seedStarted) };
    console.log(`[${database}] ${seed.users} users signed up in ${seed.ms} ms`);

    const scenarios: ScenarioResult[] = [];
    const report = (result: ScenarioResult) => {
      scenarios.push(result);
      console.log(
        `[${database}] ${result.name}: ${result.requestsPerSec} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}`,
      );
    };

    // 1. login-with-email: argon2id verification of the users in turn. The sessions it opens feed the next two.
    const sessions: TokenSet[] = [];
    const loginRun = await scenario(server, "login-with-email", settings.connections.login, () => {
      const rejections = new Rejections();
      let next = 0;
      const request: autocannon.Request = {
        method: "POST",
        path: "/app/auth/login-with-email",
        headers: json,
        setupRequest: (req) => {
          const user = users[next++ % users.length]!;
          return { ...req, body: JSON.stringify({ email: user.email, password: user.password }) };
        },
        onResponse: (status, body) => {
          if (status === 200) sessions.push(JSON.parse(body) as TokenSet);
          else rejections.add(status, body);
        },
      };
      return { requests: [request], rejections };
    });
    report(loginRun.result);

    // 2. renew-token: every refresh token is sent once; each answer's new token goes back into the pool.
    // The pool starts with unused sessions from the logins, more of them than there are connections.
    const poolSize = settings.connections.renew * 3;
    const meTokenCount = 50;
    let userIndex = 0;
    while (sessions.length < poolSize + meTokenCount)
      sessions.push(await login(base, users[userIndex++ % users.length]!));
    const pool = sessions.slice(0, poolSize).map((session) => session.refresh_token);
    const meTokens = sessions.slice(poolSize, poolSize + meTokenCount).map((session) => session.access_token);
    const sent = new Set<string>();
    let poolEmpty = 0;
    let tokensSentTwice = 0;
    const renewRun = await scenario(server, "renew-token", settings.connections.renew, () => {
      const rejections = new Rejections();
      const request: autocannon.Request = {
        method: "POST",
        path: "/app/auth/renew-token",
        headers: json,
        setupRequest: (req) => {
          let token = pool.shift();
          if (token === undefined) {
            poolEmpty++;
            token = "bench-pool-empty";
          } else if (sent.has(token)) tokensSentTwice++;
          else sent.add(token);
          return { ...req, body: JSON.stringify({ refresh_token: token }) };
        },
        onResponse: (status, body) => {
          if (status === 200) pool.push((JSON.parse(body) as TokenSet).refresh_token);
          else rejections.add(status, body);
        },
      };
      return { requests: [request], rejections };
    });
    report({ ...renewRun.result, poolEmpty, tokensSentTwice });

    // 3. GET /app/user/me: bearer tokens of sessions the renewals did not touch, in turn.
    const meRun = await scenario(server, "user/me", settings.connections.me, () => {
      const rejections = new Rejections();
      let next = 0;
      const request: autocannon.Request = {
        method: "GET",
        path: "/app/user/me",
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${meTokens[next++ % meTokens.length]}` },
        }),
        onResponse: (status, body) => {
          if (status !== 200) rejections.add(status, body);
        },
      };
      return { requests: [request], rejections };
    });
    report(meRun.result);

    await sleep(1000);
    const afterLoad = memoryOf(pid);
    const shutdown = await stopServer(server);

    const again = await startServer(prepared.env);
    await sleep(1000);
    const restart = { startToHealthzMs: round(again.startMs), memory: memoryOf(again.server.pid) };
    console.log(
      `[${database}] restarted on the same data: /healthz answered ${restart.startToHealthzMs} ms after spawn, RSS ${restart.memory?.rssMb} MiB`,
    );
    await stopServer(again.server);
    const serverLog = summarizeLog([...server.lines, ...again.server.lines]);
    return {
      database,
      startToHealthzMs: round(startMs),
      memory: { afterStart, afterLoad },
      seed,
      scenarios,
      shutdown,
      restart,
      serverLog,
    };
  } finally {
    if (current.server) current.server.child.kill("SIGKILL");
    for (const cleanup of current.cleanups.reverse()) cleanup();
    current = { cleanups: [] };
  }
}

// ---------------------------------------------------------------- main

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

async function main(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.error(`bench: ${path.relative(root, serverJs)} is missing; build it first: npm run build -w @tasuki/api`);
    process.exit(1);
  }
  const sourcesMtime = Math.max(
    newestMtime(path.join(root, "apps/api/src")),
    newestMtime(path.join(root, "packages/contract/src")),
  );
  if (sourcesMtime > statSync(serverJs).mtimeMs) {
    console.warn("bench: warning: apps/api/dist/server.js is older than the sources (npm run build -w @tasuki/api)");
  }

  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  };
  console.log(
    `Tasuki sign-in benchmark: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; ` +
      `${settings.durationS} s per scenario after ${settings.warmupS} s of warm-up`,
  );

  const load = os.loadavg()[0] ?? 0;
  if (load > machine.cpus / 2) {
    console.warn(`bench: warning: the machine is busy (1-minute load average ${round(load, 2)}): figures will suffer`);
  }

  const databases: DatabaseResult[] = [];
  for (const database of settings.databases as ("pglite" | "postgres")[]) {
    const result = await benchDatabase(database);
    if (result.skipped) console.log(`\n[${database}] skipped: ${result.skipped}`);
    databases.push(result);
  }

  // The summary.
  const rows: (string | number)[][] = [
    [
      "database",
      "scenario",
      "conns",
      "req/s",
      "p50 ms",
      "p99 ms",
      "requests",
      "non-2xx",
      "errors",
      "server CPU ms/req",
      "load",
    ],
  ];
  for (const db of databases) {
    for (const s of db.scenarios ?? []) {
      rows.push([
        db.database,
        s.name,
        s.connections,
        s.requestsPerSec,
        s.latencyMs.p50,
        s.latencyMs.p99,
        s.requests,
        s.non2xx,
        s.errors,
        s.serverCpu?.msPerRequest ?? "-",
        s.loadAverage,
      ]);
    }
  }
  console.log(`\n${formatTable(rows)}\n`);
  const memoryRows: (string | number)[][] = [
    [
      "database",
      "spawn→healthz ms",
      "RSS idle after start MiB",
      "RSS after load MiB",
      "peak RSS MiB",
      "restart: spawn→healthz ms",
      "restart: RSS idle MiB",
      "log warn/err",
    ],
  ];
  for (const db of databases) {
    if (db.skipped) continue;
    memoryRows.push([
      db.database,
      db.startToHealthzMs ?? 0,
      db.memory?.afterStart?.rssMb ?? Number.NaN,
      db.memory?.afterLoad?.rssMb ?? Number.NaN,
      db.memory?.afterLoad?.peakMb ?? Number.NaN,
      db.restart?.startToHealthzMs ?? Number.NaN,
      db.restart?.memory?.rssMb ?? Number.NaN,
      `${db.serverLog?.warnings ?? 0}/${db.serverLog?.errors ?? 0}`,
    ]);
  }
  console.log(`${formatTable(memoryRows)}\n`);
  for (const db of databases) {
    for (const s of db.scenarios ?? []) {
      if (s.non2xx > 0) console.log(`[${db.database}] ${s.name} non-2xx answers, e.g.:\n  ${s.rejected.join("\n  ")}`);
      if (s.poolEmpty) console.log(`[${db.database}] ${s.name}: ${s.poolEmpty} requests found no unused refresh token`);
    }
    if (db.serverLog?.samples.length) {
      console.log(`[${db.database}] server log warnings/errors, e.g.:\n  ${db.serverLog.samples.join("\n  ")}`);
    }
  }

  const date = new Date().toISOString().slice(0, 10);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `auth-${date}.json`);
  const commit = git("rev-parse", "--short", "HEAD");
  const output = {
    benchmark: "auth",
    date: new Date().toISOString(),
    machine,
    git: { commit, dirty: git("status", "--porcelain", "--", "apps/api", "packages/contract") !== "" },
    settings,
    databases,
  };
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`results written to ${path.relative(root, file)}`);

  const failed = databases.some((db) =>
    (db.scenarios ?? []).some((s) => s.non2xx > 0 || s.errors > 0 || (s.warmup?.non2xx ?? 0) > 0 || s.tokensSentTwice),
  );
  if (failed) {
    console.error("bench: some requests failed (see above)");
    process.exitCode = 1;
  }
}

await main();
