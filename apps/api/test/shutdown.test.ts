/**
 * SIGTERM: the server stops taking connections, lets the request in flight finish, closes the database, stops
 * its embedded PostgreSQL server (the lock file goes) and exits 0. Runs the real server process from source.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embedded-server.ts";
import { until } from "./job-helpers.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverPath = path.resolve(here, "../src/server.ts");
// The project's Node 24 runs TypeScript sources as they are; the runner itself may be on another Node.
const projectNode = path.resolve(here, "../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
let child: ChildProcess | undefined;
const others: ChildProcess[] = [];

afterAll(() => {
  for (const process of [child, ...others]) if (process && process.exitCode === null) process.kill("SIGKILL");
});

function serverEnv(dataDir: string, port: number, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "silent",
    DATABASE_URL: "",
    SMTP_URL: "",
    ...extra,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

describe("graceful shutdown", () => {
  it("finishes the request in flight, closes the database and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-shutdown-"));
    const port = await freePort();
    child = spawn(node, [serverPath], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: "silent",
        DATABASE_URL: "",
        SMTP_URL: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    await waitForHealth(port);
    expect(existsSync(path.join(dataDir, "tasuki.lock"))).toBe(true);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ email: "nobody@example.co.jp", password: "Wrong-password-1" });
    const answered = new Promise<{ status: number; json: { code: string } }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/app/auth/login-with-email",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child!.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });

    const response = await answered;
    expect(response).toMatchObject({ status: 401, json: { code: "invalid_credentials" } });
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, "tasuki.lock"))).toBe(false);
    // PostgreSQL removes its pid file when it has shut down.
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);

  it("fails /readyz first while it still serves, then drains and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-shutdown-"));
    const port = await freePort();
    const server = spawn(node, [serverPath], {
      env: serverEnv(dataDir, port, { SHUTDOWN_DELAY_MS: "5000" }),
      stdio: ["ignore", "ignore", "inherit"],
    });
    others.push(server);
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    await waitForHealth(port);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    server.kill("SIGTERM");
    let ready: Response | undefined;
    await until(
      async () => {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        return ready.status !== 200;
      },
      60_000,
      "/readyz fails",
    );
    expect(ready!.status).toBe(503);
    expect(await ready!.json()).toMatchObject({ code: "shutting_down" });
    // Requests are still served meanwhile: the load balancer has not yet moved away.
    const login = await fetch(`http://127.0.0.1:${port}/app/auth/login-with-email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.co.jp", password: "Wrong-password-1" }),
    });
    expect(login.status).toBe(401);
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  }, 180_000);

  it("stops, with its PostgreSQL server, when the process that started it dies (kill -9)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-shutdown-"));
    const port = await freePort();
    // A parent like scripts/start.mjs: the server over an IPC channel.
    const parent = spawn(
      node,
      [
        "-e",
        `const s = require("node:child_process").spawn(process.argv[1], [process.argv[2]], { stdio: ["ignore", "ignore", "inherit", "ipc"] }); console.log(s.pid); setInterval(() => {}, 60000);`,
        node,
        serverPath,
      ],
      { env: serverEnv(dataDir, port), stdio: ["ignore", "pipe", "inherit"] },
    );
    others.push(parent);
    const serverPid = await new Promise<number>((resolve) =>
      parent.stdout!.once("data", (chunk) => resolve(Number(String(chunk).trim()))),
    );
    await waitForHealth(port);
    const postmaster = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(isAlive(postmaster)).toBe(true);

    parent.kill("SIGKILL");
    await until(() => !isAlive(serverPid), 60_000, "the server exits");
    await until(() => !isAlive(postmaster), 60_000, "its PostgreSQL server stops");
    expect(existsSync(path.join(dataDir, "tasuki.lock"))).toBe(false);
  }, 180_000);
});
