/**
 * Real server processes: a mail job whose SMTP server stops answering is running when its server gets
 * SIGTERM. The server still exits 0; the job is handed back and delivered exactly once by the
 * server that runs next: a second instance already running beside the first on the same database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/db/embedded-server.ts";
import { startSmtpServer } from "./smtp.ts";
import { PASSWORD, uniqueEmail } from "./test-app.ts";
import { openTestDatabase } from "./test-database.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, "../src/server.ts");
const projectNode = path.resolve(here, "../../../node_modules/.bin/node");
const node = existsSync(projectNode) ? projectNode : process.execPath;
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** A TCP relay to the test SMTP server that can stop answering: connections made while stalled hang. */
async function switchableRelay(targetPort: number) {
  let stalled = false;
  const held: Socket[] = [];
  const server: Server = createServer((socket) => {
    if (stalled) {
      held.push(socket);
      socket.on("error", () => {});
      return;
    }
    const target = connect(targetPort, "127.0.0.1");
    socket.pipe(target).pipe(socket);
    socket.on("error", () => target.destroy());
    target.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
    },
    stalledConnections: () => held.length,
    close: () => {
      for (const socket of held) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(node, [serverEntry], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, exited, base };
}

async function post(base: string, url: string, payload: object, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe("a mail job cut off by a restart", () => {
  it("is delivered once by the server that runs next, and the stopping server exits 0", async () => {
    const smtp = await startSmtpServer();
    const relay = await switchableRelay(Number(new URL(smtp.url).port));
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-jobs-restart-"));
    const env = {
      SMTP_URL: relay.url,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AUTH_SECRET: "jobs-restart-secret-jobs-restart-secret-0123",
    };
    try {
      const first = await startServer(env);
      const second = await startServer(env);

      const email = uniqueEmail("restart");
      expect((await post(first.base, "/app/auth/verification-code/new", { email, purpose: "signup" })).status).toBe(
        200,
      );
      const code = await smtp.codeFor(email);
      const conf = await post(first.base, "/app/auth/verification-code/conf", { email, code, purpose: "signup" });
      const signup = await post(first.base, "/app/auth/signup-with-email", {
        verification_token: conf.body.verification_token!,
        password: PASSWORD,
        last_name: "山田",
        first_name: "花子",
        last_name_kana: "ヤマダ",
        first_name_kana: "ハナコ",
        agree_terms: true,
      });
      expect(signup.status).toBe(201);

      // The SMTP server stops answering; the password change commits and its notice job starts and hangs.
      relay.stall();
      const changed = await post(
        first.base,
        "/app/user/me/password",
        { current_password: PASSWORD, new_password: "Kaede-autumn-2026" },
        signup.body.access_token,
      );
      expect(changed.status).toBe(200);
      const deadline = Date.now() + 30_000;
      while (relay.stalledConnections() === 0) {
        if (Date.now() > deadline) throw new Error("the mail job did not start");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // The drain gives the hung job its grace, hands it back and exits cleanly (how long it takes is the
      // server's own bound, not timed here).
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);

      relay.resume();
      const next = second;
      const notice = await smtp.mailWithSubject(email, "パスワードが変更されました", 120_000);
      expect(notice.to).toBe(email);
      next.child.kill("SIGTERM");
      expect(await next.exited).toBe(0);
      // Every server has stopped (the stalled connection is never relayed): whatever was delivered is here.
      expect(smtp.mailsTo(email).filter((mail) => mail.subject.includes("パスワードが変更されました"))).toHaveLength(1);
    } finally {
      await relay.close();
      await smtp.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
