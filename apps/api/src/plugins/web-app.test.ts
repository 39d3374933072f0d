import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "tasuki-web-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Tasuki</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  t = await createTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
});

describe("the served web app", () => {
  it("answers the app's routes with index.html under the strict CSP", async () => {
    for (const url of ["/", "/auth", "/organization/staff?workspace_id=x"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    }
  });

  it("serves hashed assets for a year, including files built after the start", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    writeFileSync(path.join(dist, "assets", "index-def456.js"), "console.log('rebuilt')");
    expect((await t.app.inject({ method: "GET", url: "/assets/index-def456.js" })).body).toContain("rebuilt");
  });

  it("answers missing files, API paths and other methods with the JSON 404", async () => {
    for (const [method, url] of [
      ["GET", "/assets/missing.js"],
      ["GET", "/app/nothing-here"],
      ["POST", "/auth"],
    ] as const) {
      const res = await call(t.app, { method, url });
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body: { code: "not_found" } });
    }
  });
});
