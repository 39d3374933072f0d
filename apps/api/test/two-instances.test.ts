/**
 * Two API instances on one database, as in a scaled-out deployment: what one instance counts or
 * revokes, the other sees. On PostgreSQL (TEST_DATABASE_URL) each instance has its own connection pool
 * to the same database; on PGlite they share the one embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { call, createTestApp, PASSWORD, signUp, type TestApp, testConfig } from "./test-app.ts";

let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
let secondPool: Database | null = null;

beforeAll(async () => {
  a = await createTestApp();
  secondPool = await openDatabase({ databaseUrl: a.ctx.database.url, poolSize: 3 });
  b = await buildApp({
    config: testConfig({ smtpUrl: a.ctx.config.smtpUrl }),
    database: secondPool ?? a.ctx.database,
    logger: false,
  });
  await b.app.ready();
});

afterAll(async () => {
  await b.app.close();
  b.ctx.mailer.close();
  await secondPool?.close();
  await a.close();
});

describe("two instances on one database", () => {
  it("share the login failure counter: failures on one make the other answer 429", async () => {
    const { email } = await signUp(a);
    // One client: wrong passwords are counted per address and client (decision 0001).
    const remoteAddress = "198.51.100.9";
    for (let i = 0; i < 10; i++) {
      const on = i % 2 === 0 ? a.app : b.app;
      expect(
        (
          await call(on, {
            method: "POST",
            url: "/app/auth/login-with-email",
            remoteAddress,
            payload: { email, password: `Wrong-${i}-pass` },
          })
        ).status,
      ).toBe(401);
    }
    const refused = await call(b.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      remoteAddress,
      payload: { email, password: PASSWORD },
    });
    expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited" } });
  });

  it("see each other's sessions: a token renewed on one is spent on the other, and logout ends both", async () => {
    const { tokens } = await signUp(a);
    const renewed = await call(b.app, {
      method: "POST",
      url: "/app/auth/renew-token",
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(renewed.status).toBe(200);
    const reused = await call(a.app, {
      method: "POST",
      url: "/app/auth/renew-token",
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(reused).toMatchObject({ status: 401, body: { code: "refresh_token_reused" } });
    const me = await call(b.app, { method: "GET", url: "/app/user/me", token: renewed.body.access_token });
    expect(me).toMatchObject({ status: 401, body: { code: "session_revoked" } });
  });
});
