import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await call(t.app, { method: "GET", url: "/healthz" })).toMatchObject({
      status: 200,
      body: { status: "ok" },
    });
    expect(await call(t.app, { method: "GET", url: "/readyz" })).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("gives every answer a request id", async () => {
    const res = await call(t.app, { method: "GET", url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toBe("abc-123");
  });
});

describe("errors", () => {
  it("answers unknown routes with the JSON 404 body", async () => {
    const res = await call(t.app, { method: "POST", url: "/app/no-such-thing" });
    expect(res).toMatchObject({
      status: 404,
      body: { code: "not_found", message: expect.any(String), dev_message: expect.any(String) },
    });
  });

  it("answers a body over the limit with 413", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res).toMatchObject({ status: 413, body: { code: "payload_too_large" } });
  });

  it("answers malformed JSON with 400 and no internals", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "bad_request", message: "リクエストの形式が正しくありません。" });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("sends security headers", async () => {
    const res = await call(t.app, { method: "GET", url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeDefined();
  });
});

describe("client config", () => {
  it("tells the web app its links and providers", async () => {
    const res = await call(t.app, { method: "GET", url: "/app/client-config" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      environment: "test",
      terms_version: "2026-11-01",
      links: { terms: expect.stringMatching(/^https:/) },
      sns_providers: [],
      attachment_max_bytes: 20 * 1024 * 1024,
      // The test server has no AI_BASE_URL: the description generator is the template.
      ai_configured: false,
    });
  });
});

describe("OpenAPI", () => {
  it("documents every implemented call of the specification at /app/openapi.json", async () => {
    const res = await call(t.app, { method: "GET", url: "/app/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const documented = new Set<string>();
    for (const [path, methods] of Object.entries(res.body.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    // Every call of the specification that this server answers is documented with its schemas.
    // A copy of the specification's list of calls (shared/spec/endpoints.tsv), kept in the repository.
    const spec = readFileSync(new URL("../../../../../packages/contract/endpoints.tsv", import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.split("\t"))
      .map(([method, path]) => `${method} ${path}`);
    const implemented = [];
    for (const key of spec) {
      const [method, path] = key.split(" ");
      // The route as registered (a parametric sibling such as /task/{id} must not count for /task/list).
      if (!t.app.hasRoute({ method: method as "GET", url: path!.replace(/\{(\w+)\}/g, ":$1") })) continue;
      implemented.push(key);
      expect(documented, `${key} is answered but not documented`).toContain(key);
    }
    expect(implemented).toEqual(
      expect.arrayContaining(["POST /app/auth/login-with-email", "GET /app/user/me", "POST /app/workspace/new"]),
    );
    const login = res.body.paths["/app/auth/login-with-email"].post;
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("password");
    expect(login.responses["200"]).toBeDefined();
  });

  it("serves the API reference at /app/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("/app/openapi.json");
  });
});
