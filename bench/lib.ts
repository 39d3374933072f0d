// Helpers shared by the benchmarks: ports, readiness, memory of a process, tables.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The repository root (bench/..). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A TCP port nobody listens on at the moment (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls GET <base>/healthz until it answers 200. `alive` is asked between polls so that a server
 * that died is reported at once instead of after the timeout.
 */
export async function waitForHealthz(base: string, alive: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = alive();
    if (dead) throw new Error(dead);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${base}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
}

export interface Memory {
  /** Resident set size now, MiB. */
  rssMb: number;
  /** Peak resident set size since the process started, MiB. */
  peakMb: number;
}

/** VmRSS and VmHWM of a process from /proc (Linux only; null elsewhere or when it is gone). */
export function memoryOf(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const rss = kb("VmRSS");
    if (Number.isNaN(rss)) return null;
    return { rssMb: round(rss / 1024, 1), peakMb: round(kb("VmHWM") / 1024, 1) };
  } catch {
    return null;
  }
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function formatTable(rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = widths.map((_, column) => rows.slice(1).every((row) => typeof row[column] === "number"));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The environment of this process without what npm adds to a script's environment (npm_*, INIT_CWD, NODE). */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.toLowerCase().startsWith("npm_") || key === "INIT_CWD" || key === "NODE") continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

let clockTicks: number | undefined;

/** CPU time (user + system) a process has used so far, in ms, from /proc (null elsewhere or when it is gone). */
export function cpuTimeMs(pid: number): number | null {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    clockTicks = 100;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/** The processes descended from `pid` (the embedded PostgreSQL server and its backends under the API), from /proc. */
export function descendantPids(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** CPU time (ms) used so far by each of these processes; those gone are left out. */
export function cpuTimesMs(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    const ms = cpuTimeMs(pid);
    if (ms !== null) times.set(pid, ms);
  }
  return times;
}

const pgAdminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// BENCH_SERVER_JS: another bundle to measure (e.g. a copy of an earlier build beside dist/server.js).
const serverJs = process.env.BENCH_SERVER_JS
  ? path.resolve(root, process.env.BENCH_SERVER_JS)
  : path.join(root, "apps/api/dist/server.js");

export function psql(sql: string): void {
  execFileSync("psql", [pgAdminUrl, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], { stdio: ["ignore", "pipe", "pipe"] });
}

/** The server's database: a new PostgreSQL database when possible, else PGlite in a new directory. */
export function prepareDatabase(
  cleanups: (() => void)[],
  benchmark: string,
): { database: string; env: Record<string, string>; note?: string } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tasuki-bench-${benchmark}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.BENCH_DATABASE === "pglite") return { database: "pglite", env: { DATA_DIR: dataDir } };
  const name = `tasuki_bench_${randomBytes(5).toString("hex")}`;
  try {
    psql(`CREATE DATABASE ${name}`);
  } catch (error) {
    const reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { database: "pglite", env: { DATA_DIR: dataDir }, note: `PostgreSQL unavailable (${reason})` };
  }
  cleanups.push(() => {
    try {
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      console.error(`bench: could not drop the database ${name}: ${(error as Error).message}`);
    }
  });
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: "postgres",
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(36).toString("base64url") },
  };
}

/** Starts the built server as a child process on a free port and waits for /healthz. */
export async function startServer(
  env: Record<string, string>,
  cleanups: (() => void)[],
  /** How long to wait for /healthz: longer where the start migrates a large database. */
  timeoutMs = 90_000,
  /** A bundle other than BENCH_SERVER_JS's (bench/task-ab.bench.ts runs two side by side). */
  bundle = serverJs,
): Promise<{ child: ChildProcess; base: string; lines: string[] }> {
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
    APP_ORIGIN: base,
    LOG_LEVEL: "warn",
    // The seeds import thousands of staff into one workspace; the daily invitation quota is not measured here.
    INVITATION_DAILY_LIMIT: "1000000",
    ...env,
  });
  const child = spawn(process.execPath, [bundle], { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on("line", (line) => lines.push(line));
  }
  let exited: string | null = null;
  child.on("exit", (code, signal) => {
    exited = `the server exited (code ${code}, signal ${signal}):\n${lines.slice(-20).join("\n")}`;
  });
  cleanups.unshift(() => {
    if (child.exitCode === null) child.kill("SIGTERM");
  });
  await waitForHealthz(base, () => exited, timeoutMs);
  return { child, base, lines };
}

/**
 * Runs a benchmark's `main`, then its clean-ups in order whatever happened (each failure logged, never thrown):
 * a failed run still stops its servers and removes its data. A failure sets the exit code to 1.
 */
export async function runBench(main: () => Promise<void>, cleanups: (() => unknown)[]): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`bench: cleanup: ${(error as Error).message}`);
      }
    }
  }
}
