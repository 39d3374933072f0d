// Start-up benchmark: `npm start` on a fresh clone of this repository (npm ci, build, first start on an
// empty PGlite data directory), then a second `npm start` of the same clone and data.
//
//   npm run bench:start -w @tasuki/bench        (takes a few minutes: npm ci and the build of a fresh clone)
//
// The clone is of the committed HEAD (uncommitted changes are not in it). It runs with the machine's own
// PATH (without this project's node_modules/.bin), as on a fresh machine. BENCH_KEEP=1 keeps the clone.
// When `npm ci` refuses the lock file, the run is reported as failed and, unless BENCH_START_WORKAROUND=0,
// measured once more after `npm install` (see installWorkaround) so that the build and start figures exist.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { cleanEnv, formatTable, freePort, root, round, waitForHealthz } from "./lib.ts";

const resultsDir = path.join(root, "bench/results");
const keep = process.env.BENCH_KEEP === "1";

interface StartResult {
  run: string;
  ok: boolean;
  /** From spawning `npm start` to the first 200 of /healthz (null when it never answered). */
  toHealthzMs: number | null;
  /** What `npm start` reported itself: `[tasuki] dependencies installed in 41.2 s`, `built in 9.8 s`. */
  installS: number | null;
  buildS: number | null;
  /** From SIGTERM to the exit of `npm start`. */
  stopMs: number | null;
  /** The machine's 1-minute load average when it began: other work on the machine shows here. */
  loadAverage: number;
  /** Why it failed: the telling lines of its output. */
  failure?: string[];
}

const work = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-start-"));
const clone = path.join(work, "tasuki");
const dataDir = path.join(work, "data");
let running: ChildProcess | null = null;

/** Signals the process group of `npm start` (npm, the start script and the server); nothing if it is gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function cleanup(): void {
  if (running) signalGroup(running, "SIGKILL");
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** The machine's environment: no npm_* variables, no node_modules/.bin of this project on PATH. */
function machineEnv(port: number): NodeJS.ProcessEnv {
  const env = cleanEnv();
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`) && !dir.endsWith(`${path.sep}node_modules`))
    .join(path.delimiter);
  for (const key of Object.keys(env)) {
    if (["SMTP_URL", "DATABASE_URL", "AUTH_SECRET", "NODE_ENV", "LOG_LEVEL"].includes(key) || key.startsWith("OIDC_")) {
      delete env[key];
    }
  }
  return { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
}

/** The lines of a failed `npm start` worth showing: its own messages and npm's error summary. */
function failureLines(lines: string[]): string[] {
  const telling = lines.filter((line) =>
    /\[tasuki\]|npm error (code|Missing|`npm)|Error|error:|Invalid configuration/.test(line),
  );
  return (telling.length > 0 ? telling : lines).slice(-25);
}

async function npmStart(run: string, logFile: string): Promise<StartResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  let installS: number | null = null;
  let buildS: number | null = null;
  const lines: string[] = [];

  const loadAverage = round(os.loadavg()[0] ?? 0, 2);
  const started = performance.now();
  // Its own process group, so that stopping it reaches npm, the start script and the server alike.
  const child = spawn("npm", ["start"], {
    cwd: clone,
    env: machineEnv(port),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running = child;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      log.write(`${line}\n`);
      lines.push(line);
      const installed = /dependencies installed in ([\d.]+) s/.exec(line);
      if (installed) installS = Number(installed[1]);
      const built = /built in ([\d.]+) s/.exec(line);
      if (built) buildS = Number(built[1]);
    });
  }
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) =>
    // "close" rather than "exit": after the output that was still in the pipes has been read.
    child.on("close", (code, signal) => {
      exited = `npm start exited (code ${code}, signal ${signal})`;
      resolve();
    }),
  );
  const finish = async (): Promise<number | null> => {
    const stopping = performance.now();
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 15_000);
    await exit;
    clearTimeout(timer);
    running = null;
    log.end();
    return round(performance.now() - stopping);
  };

  try {
    await waitForHealthz(base, () => exited, 20 * 60_000);
  } catch (error) {
    await finish();
    const failure = [(error as Error).message, ...failureLines(lines)];
    console.log(`[${run}] FAILED: ${failure.join("\n  ")}`);
    return { run, ok: false, toHealthzMs: null, installS, buildS, stopMs: null, loadAverage, failure };
  }
  const toHealthzMs = round(performance.now() - started);
  console.log(`[${run}] /healthz answered ${round(toHealthzMs / 1000, 1)} s after \`npm start\``);
  const stopMs = await finish();
  return { run, ok: true, toHealthzMs, installS, buildS, stopMs, loadAverage };
}

/**
 * When `npm ci` refuses the lock file, the rest can still be measured: `npm install` instead (timed
 * apart), then the stamp with which scripts/lib/bootstrap.mjs remembers a finished install (the SHA-256
 * of the name and the content of package-lock.json), so that `npm start` goes on to build and start.
 */
function installWorkaround(): { npmInstallS: number; ok: boolean } {
  console.log("[workaround] npm install instead of npm ci, then the install stamp of scripts/lib/bootstrap.mjs");
  const started = performance.now();
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: clone,
    env: machineEnv(0),
    encoding: "utf8",
  });
  const npmInstallS = round((performance.now() - started) / 1000, 1);
  writeFileSync(path.join(work, "npm-install.log"), `${result.stdout}${result.stderr}`);
  if (result.status !== 0) {
    console.log(`[workaround] npm install failed (see ${path.join(work, "npm-install.log")})`);
    return { npmInstallS, ok: false };
  }
  const lock = path.join(clone, "package-lock.json");
  const hash = createHash("sha256").update("package-lock.json").update(readFileSync(lock)).digest("hex");
  mkdirSync(path.join(clone, ".tasuki"), { recursive: true });
  writeFileSync(path.join(clone, ".tasuki", "install-hash"), hash);
  console.log(`[workaround] npm install took ${npmInstallS} s`);
  return { npmInstallS, ok: true };
}

async function main(): Promise<void> {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  console.log(`cloning ${root} (${commit}) into ${clone}`);
  execFileSync("git", ["clone", "--quiet", root, clone], { stdio: "inherit" });
  const systemNode = execFileSync("node", ["--version"], { env: machineEnv(0), encoding: "utf8" }).trim();
  console.log(`the machine's node: ${systemNode}; logs in ${work}`);

  const results: StartResult[] = [];
  const fresh = await npmStart("fresh clone", path.join(work, "fresh.log"));
  results.push(fresh);
  let workaround: { npmInstallS: number; ok: boolean } | null = null;
  if (!fresh.ok && fresh.failure?.some((line) => line.includes("npm ci failed"))) {
    if (process.env.BENCH_START_WORKAROUND !== "0") {
      workaround = installWorkaround();
      if (workaround.ok) results.push(await npmStart("fresh clone after npm install", path.join(work, "fresh-2.log")));
    }
  }
  if (results.some((r) => r.ok)) results.push(await npmStart("second start", path.join(work, "second.log")));

  const rows: (string | number)[][] = [
    ["run", "result", "npm start → /healthz s", "npm ci s", "build s", "stop ms", "load"],
  ];
  for (const r of results) {
    rows.push([
      r.run,
      r.ok ? "ok" : "FAILED",
      r.toHealthzMs === null ? "-" : round(r.toHealthzMs / 1000, 1),
      r.installS ?? "-",
      r.buildS ?? "-",
      r.stopMs ?? "-",
      r.loadAverage,
    ]);
  }
  console.log(`\n${formatTable(rows)}\n`);
  if (workaround) console.log(`npm install (workaround, before the second row): ${workaround.npmInstallS} s\n`);

  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `start-${date}.json`);
  const output = {
    benchmark: "start",
    date: new Date().toISOString(),
    machine: { cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown", systemNode, benchNode: process.version },
    git: { commit },
    results,
    workaround,
  };
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`results written to ${path.relative(root, file)}`);
  if (!fresh.ok) {
    console.error("bench: `npm start` failed on a fresh clone (see above)");
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  cleanup();
}
