import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { startFakeChatwork } from "../../apps/api/test/fake-chatwork.ts";
import { startFakeSlack } from "../../apps/api/test/fake-slack.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The journeys run against the real product: the built server on a fresh data directory (its embedded
 * PostgreSQL server), sending
 * its mails over SMTP to a catcher on loopback, whose inbox the tests read over HTTP, and its Slack and
 * Chatwork calls to the local servers the API tests use (their consent pages too), read over `/_local/`.
 */
export default async function globalSetup() {
  const serverBundle = path.join(root, "apps/api/dist/server.js");
  if (!existsSync(serverBundle) || !existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error("Build first (npm run build): apps/api/dist and apps/web/dist are needed for the end-to-end tests");
  }

  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({ to: rcpt.address.toLowerCase(), subject: parsed.subject ?? "", text: parsed.text ?? "" });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const inbox = createHttpServer((request, response) => {
    const to = new URL(request.url ?? "/", "http://x").searchParams.get("to")?.toLowerCase();
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ items: mails.filter((mail) => !to || mail.to === to) }));
  });
  await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));
  const inboxPort = (inbox.address() as AddressInfo).port;

  const slack = await startFakeSlack({ clientId: "e2e-slack", clientSecret: "e2e-slack-secret" });
  const chatwork = await startFakeChatwork({
    clientId: "e2e-chatwork",
    clientSecret: "e2e-chatwork-secret",
    accounts: [
      { accountId: 7001, name: "山田 太郎", organizationName: "ひかり産業" },
      { accountId: 7002, name: "鈴木 花子", organizationName: "ひかり産業" },
    ],
  });

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(path.join(root, "node_modules/.bin/node"), [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: "warn",
      // Every journey signs its people up from 127.0.0.1: one office behind one address, as far as the limits can tell.
      AUTH_IP_LIMIT_SCALE: "50",
      DATABASE_URL: "",
      SLACK_CLIENT_ID: "e2e-slack",
      SLACK_CLIENT_SECRET: "e2e-slack-secret",
      SLACK_API_URL: slack.apiUrl,
      SLACK_AUTHORIZE_URL: slack.authorizeUrl,
      SLACK_OPENID_AUTHORIZE_URL: slack.openidAuthorizeUrl,
      CHATWORK_CLIENT_ID: "e2e-chatwork",
      CHATWORK_CLIENT_SECRET: "e2e-chatwork-secret",
      CHATWORK_API_URL: chatwork.apiUrl,
      CHATWORK_AUTHORIZE_URL: chatwork.authorizeUrl,
      CHATWORK_TOKEN_URL: chatwork.tokenUrl,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(`${baseUrl}/healthz`, server);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_INBOX_URL = `http://127.0.0.1:${inboxPort}`;
  process.env.E2E_SLACK_URL = slack.base;
  process.env.E2E_CHATWORK_URL = chatwork.base;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    inbox.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await slack.close();
    await chatwork.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  // Initialising the embedded PostgreSQL takes a minute and more on a busy two-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within 180 s`);
}
