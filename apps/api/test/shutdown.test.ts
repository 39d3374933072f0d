/**
 * SIGTERM: the server stops taking connections, lets the request in flight finish, closes the database
 * (the PGlite lock file goes) and exits 0. Runs the real server process from source.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, "../src/server.ts");
// The project's Node 24 runs TypeScript sources as they are; the runner itself may be on another Node.
const projectNode = path.resolve(here, "../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

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
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    child = spawn(node, [server], {
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
  }, 180_000);
});
