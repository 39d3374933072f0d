import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../../test/job-helpers.ts";
import { DataDirLockedError, isAlive, processStartTime, startEmbeddedServer } from "./embedded-server.ts";
import { installedBinaries } from "./server-binaries.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectNode = path.resolve(here, "../../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tasuki-embedded-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A process that only waits: another program, or (with the lock written for it) another Tasuki. */
function idleProcess(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  children.push(child);
  return child;
}

/** Starts the embedded server in a separate owner process (test/embedded-owner.ts), as the API would. */
async function startOwner(dataDir: string): Promise<{ owner: ChildProcess; pid: number; url: string }> {
  const owner = spawn(node, [path.resolve(here, "../../test/embedded-owner.ts")], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(owner);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: owner.stdout! }).once("line", resolve);
    owner.once("exit", (code) => reject(new Error(`owner exited (${code})`)));
  });
  const { pid, url } = JSON.parse(line) as { pid: number; url: string };
  return { owner, pid, url };
}

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL server", () => {
  it("keeps what was written across a stop and a start, behind a password on loopback", async () => {
    const dataDir = tempDir();
    const first = await startEmbeddedServer({ dataDir, ephemeral: true });
    expect(new URL(first.url).hostname).toBe("127.0.0.1");
    await query(first.url, "create table kept (v text); insert into kept values ('残る')");
    const withoutPassword = new URL(first.url);
    withoutPassword.password = "";
    await expect(query(withoutPassword.toString(), "select 1")).rejects.toThrow(/password/);
    await first.stop();
    expect(isAlive(first.pid)).toBe(false);
    expect(existsSync(path.join(dataDir, "tasuki.lock"))).toBe(false);

    const second = await startEmbeddedServer({ dataDir, ephemeral: true });
    try {
      expect(await query(second.url, "select v from kept")).toEqual([{ v: "残る" }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("starts and stops quietly: its own probes and the connections still open at a stop give no FATAL line", async () => {
    const lines: string[] = [];
    const server = await startEmbeddedServer({
      dataDir: tempDir(),
      ephemeral: true,
      onLog: (line) => lines.push(line),
    });
    // What a job queue or a listener still holds when the API stops the server.
    const open = [new pg.Client({ connectionString: server.url }), new pg.Client({ connectionString: server.url })];
    for (const client of open) {
      client.on("error", () => {});
      await client.connect();
    }
    await server.stop();
    await Promise.all(open.map((client) => client.end().catch(() => {})));
    expect(lines.filter((line) => /FATAL|ERROR/.test(line))).toEqual([]);
  }, 120_000);

  it("refuses a data directory that another live Tasuki process holds", async () => {
    const dataDir = tempDir();
    const other = idleProcess();
    await until(() => processStartTime(other.pid!) !== null, 60_000, "the other process runs");
    writeFileSync(
      path.join(dataDir, "tasuki.lock"),
      JSON.stringify({ pid: other.pid, started: processStartTime(other.pid!) }),
    );
    await expect(startEmbeddedServer({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(startEmbeddedServer({ dataDir })).rejects.toThrow(/already in use by another Tasuki process/);
  });

  it("starts over a lock whose pid now belongs to another live program", async () => {
    const dataDir = tempDir();
    const stranger = idleProcess();
    // The owner died and the system gave its pid to another program, which started at another time.
    writeFileSync(path.join(dataDir, "tasuki.lock"), JSON.stringify({ pid: stranger.pid, started: "1" }));
    const server = await startEmbeddedServer({ dataDir, ephemeral: true });
    try {
      expect(JSON.parse(readFileSync(path.join(dataDir, "tasuki.lock"), "utf8")).pid).toBe(process.pid);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("stops when its owner is killed (kill -9), and the next start takes the directory over", async () => {
    const dataDir = tempDir();
    const { owner, pid, url } = await startOwner(dataDir);
    await query(url, "create table survived (v int); insert into survived values (1)");
    owner.kill("SIGKILL");
    await until(() => !isAlive(pid), 60_000, "the orphaned server stops");

    const next = await startEmbeddedServer({ dataDir, ephemeral: true });
    try {
      expect(await query(next.url, "select v from survived")).toEqual([{ v: 1 }]);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it("stops a server left running by a dead owner before starting its own", async () => {
    const dataDir = tempDir();
    const { owner, pid } = await startOwner(dataDir);
    // The owner and its watchdog shells die at once (the whole tree but the server itself): an orphan.
    const watchdog = Number(execFileSync("pgrep", ["-P", String(owner.pid), "sh"], { encoding: "utf8" }).trim());
    execFileSync("pkill", ["-KILL", "-P", String(watchdog), "sh"]);
    process.kill(watchdog, "SIGKILL");
    owner.kill("SIGKILL");
    await until(() => owner.exitCode !== null || owner.signalCode !== null, 60_000, "the owner is gone");
    const orphaned = isAlive(pid);

    const next = await startEmbeddedServer({ dataDir, ephemeral: true });
    try {
      expect(next.pid).not.toBe(pid);
      expect(isAlive(pid)).toBe(false);
    } finally {
      await next.stop();
    }
    // The scenario must really have left an orphan, or the test proves nothing.
    expect(orphaned).toBe(true);
  }, 120_000);

  // A fresh cloud server: everyone is root, and a clone in root's home or in `mktemp -d` (mode 0700) holds both the
  // programs (node_modules) and the data, neither of which the `postgres` user that runs the server can reach.
  it.skipIf(process.getuid?.() !== 0)(
    "as root, runs from a directory only root can enter, and replaces a copy of its programs that another user could change",
    async () => {
      const closed = tempDir();
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      const programs = path.join(closed, "node_modules", "native");
      mkdirSync(path.dirname(programs));
      execFileSync("cp", ["-a", installedBinaries().root, programs]);
      const copies = tempDir();
      chmodSync(copies, 0o755);
      const dataDir = path.join(closed, "data");

      const first = await startEmbeddedServer({
        dataDir,
        ephemeral: true,
        binaries: programs,
        binaryCopiesDir: copies,
      });
      try {
        await query(first.url, "create table kept (v text); insert into kept values ('root')");
      } finally {
        await first.stop();
      }

      // Another user's hand on a copied program: the next start makes the copy again rather than run it.
      const [copy] = readdirSync(copies);
      const initdb = path.join(copies, copy as string, "bin", "initdb");
      const postgresUid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      chownSync(initdb, postgresUid, -1);
      const second = await startEmbeddedServer({
        dataDir,
        ephemeral: true,
        binaries: programs,
        binaryCopiesDir: copies,
      });
      try {
        expect(await query(second.url, "select v from kept")).toEqual([{ v: "root" }]);
      } finally {
        await second.stop();
      }
      expect(statSync(initdb).uid).toBe(0);
    },
    120_000,
  );
});
