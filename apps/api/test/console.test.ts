/**
 * The console of a server started by hand (`npm start` in a terminal): the banner stays readable (the request log
 * goes to DATA_DIR/logs/tasuki.log, not one JSON line per request on screen), and a Ctrl-C stops it quietly (no
 * FATAL lines of the embedded PostgreSQL server's connections). Runs the real server from source in a
 * pseudo-terminal (util-linux `script`), as a person at a terminal would.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embedded-server.ts";
import { until } from "./job-helpers.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverPath = path.resolve(here, "../src/server.ts");
const projectNode = path.resolve(here, "../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
let terminal: ChildProcess | undefined;
const dirs: string[] = [];

afterAll(() => {
  if (terminal && terminal.exitCode === null) terminal.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server process under `script` (which may run it under a shell or exec it). */
function serverPid(scriptPid: number): number {
  const queue = [scriptPid];
  while (queue.length) {
    const pid = queue.shift() as number;
    if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.ts")) return pid;
    try {
      queue.push(
        ...execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
          .trim()
          .split("\n")
          .map(Number),
      );
    } catch {
      // no children
    }
  }
  throw new Error("no server process under script");
}

describe.skipIf(!hasScript)("the console of a server started in a terminal", () => {
  it("shows the banner and where the log is, keeps request lines in the log file, and stops without FATAL lines", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-console-"));
    dirs.push(dataDir);
    const port = await freePort();
    const command = [node, serverPath].map((part) => `'${part}'`).join(" ");
    terminal = spawn("script", ["-qfec", command, "/dev/null"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        SMTP_URL: "",
        LOG_LEVEL: "",
        LOG_FILE: "",
        NODE_ENV: "development",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    terminal.stdout?.on("data", (chunk: Buffer) => {
      screen += chunk.toString("utf8");
    });
    terminal.stderr?.on("data", (chunk: Buffer) => {
      screen += chunk.toString("utf8");
    });
    await until(() => screen.includes("Tasuki is running at"), 120_000, `the banner (screen so far: ${screen})`);

    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${base}/app/client-config?probe=${i}`)).status).toBe(200);
    }
    // Work that reads the database: the pool and the job queue hold connections to it when it stops.
    for (let i = 0; i < 5; i++) {
      const login = await fetch(`${base}/app/auth/login-with-email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `nobody${i}@example.co.jp`, password: "Wrong-password-1" }),
      });
      expect(login.status).toBe(401);
    }

    const logFile = path.join(dataDir, "logs", "tasuki.log");
    await until(
      () => existsSync(logFile) && readFileSync(logFile, "utf8").includes("/app/client-config"),
      60_000,
      "the request lines in the log file",
    );
    expect(screen).toContain(`log: ${logFile}`);

    // Ctrl-C: the terminal sends SIGINT to the server (npm start forwards it the same way).
    process.kill(serverPid(terminal.pid as number), "SIGINT");
    await until(() => terminal?.exitCode !== null, 60_000, "the server stops");

    expect(screen).toContain("Tasuki is running at");
    expect(screen).not.toContain("/app/client-config");
    expect(screen).not.toMatch(/"reqId"|"level":\d+/);
    expect(screen).not.toContain("FATAL");
    expect(screen).not.toContain("terminating connection");
    // Nothing is lost: the file holds each request (its path, without the query string).
    const logged = readFileSync(logFile, "utf8");
    expect(logged.match(/"url":"\/app\/client-config"/g)?.length).toBeGreaterThanOrEqual(20);
    expect(logged).not.toContain("probe=");
  }, 240_000);
});
