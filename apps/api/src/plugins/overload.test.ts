/**
 * Overload: past the bound on requests in flight, or when no database connection frees up in time, a request is
 * answered 503 at once with Retry-After and the Japanese error body instead of waiting without limit.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { call, createTestApp, errorBody, japanese, signUp, type TestApp } from "../../test/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A login whose body is still arriving: in flight from its headers on, until the rest is sent. */
function pendingLogin(port: number): { finish(): Promise<number> } {
  const body = JSON.stringify({ email: "nobody@example.co.jp", password: "Wrong-password-1" });
  let resolveStatus: (status: number) => void;
  const status = new Promise<number>((resolve) => {
    resolveStatus = resolve;
  });
  const req = httpRequest(
    {
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/app/auth/login-with-email",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    },
    (res) => {
      res.resume();
      res.on("end", () => resolveStatus(res.statusCode ?? 0));
    },
  );
  req.write(body.slice(0, 5));
  return {
    finish() {
      req.end(body.slice(5));
      return status;
    },
  };
}

/**
 * Asks until `count` answers were refused (503), polling every 25 ms. Bounded by a deadline, not a count of rounds:
 * a busy machine may take longer to read the pending requests' headers.
 */
async function untilRefused(base: string, count: number): Promise<Response[]> {
  const refused: Response[] = [];
  for (const deadline = Date.now() + 60_000; refused.length < count && Date.now() < deadline; ) {
    const response = await fetch(`${base}/app/client-config`);
    if (response.status === 503) refused.push(response);
    else await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return refused;
}

describe("the bound on requests in flight", () => {
  it("answers 503 with Retry-After past the bound, and serves again once a slot is free", async () => {
    t = await createTestApp({ config: { maxRequestsInFlight: 2 } });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;

    const first = pendingLogin(port);
    const second = pendingLogin(port);
    // Both are counted as soon as their headers are in; wait until the server has seen them.
    const [refused] = await untilRefused(base, 1);
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await refused!.json()) as { message: string; code: string };
    expect(body).toMatchObject({ ...errorBody, code: "overloaded" });
    expect(body.message).toMatch(japanese);
    // Probes are not work in flight: a load balancer still sees the process alive.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    expect(await first.finish()).toBe(401);
    expect(await second.finish()).toBe(401);
    expect((await fetch(`${base}/app/client-config`)).status).toBe(200);
  });
});

describe("the log under overload", () => {
  it("counts refused requests in one warning, with no request line each, and logs each served request once", async () => {
    const lines: { level: number; msg: string; res?: { statusCode: number }; refused?: number }[] = [];
    t = await createTestApp({
      config: { maxRequestsInFlight: 2 },
      logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;

    const first = pendingLogin(port);
    const second = pendingLogin(port);
    expect(await untilRefused(base, 25)).toHaveLength(25);
    expect(await first.finish()).toBe(401);
    expect(await second.finish()).toBe(401);
    await t.close();
    t = undefined;

    const served = lines.filter((line) => line.msg === "request completed");
    expect(served.filter((line) => line.res?.statusCode === 503)).toEqual([]);
    expect(served.filter((line) => line.res?.statusCode === 401)).toHaveLength(2);
    expect(lines.filter((line) => line.msg === "incoming request")).toEqual([]);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ refused: 25 });
    expect(warnings[0]?.msg).toMatch(/^overloaded: 25 request\(s\) refused/);
  });
});

describe("the wait for a database connection", () => {
  it("answers 503 with Retry-After when every connection stays busy, and nothing is left half done", async () => {
    const lines: { level: number; msg: string; poolTimeouts?: number }[] = [];
    t = await createTestApp({
      config: { databasePoolSize: 1, databasePoolTimeoutMs: 300 },
      logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    const { email } = await signUp(t);
    // Someone holds the only connection of the pool (a long report, say).
    const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    const held = await pool.connect();
    try {
      const res = await call(t.app, {
        method: "POST",
        url: "/app/auth/login-with-email",
        payload: { email, password: "Wrong-password-1" },
      });
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      expect(res.body).toMatchObject({ ...errorBody, code: "overloaded" });
    } finally {
      held.release();
    }
    const again = await call(t.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      payload: { email, password: "Wrong-password-1" },
    });
    expect(again.status).toBe(401);
    // Counted in the guard's periodic warning (written at the latest when the server closes), not a line each.
    await t.close();
    t = undefined;
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ poolTimeouts: 1 });
    expect(warnings[0]?.msg).toMatch(/^overloaded: 1 found no database connection in time/);
  });
});
