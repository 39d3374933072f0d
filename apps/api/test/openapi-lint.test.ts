/**
 * The served OpenAPI document passes Redocly's `recommended` ruleset with no error and no warning, so client
 * generators get an operationId per operation, each operation's security, and the server to call.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { appOrigin: "https://tasuki.example.jp" } });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

describe("OpenAPI document", () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const res = await call(t.app, { method: "GET", url: "/app/openapi.json" });
    expect(res.status).toBe(200);
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(res.body),
      absoluteRef: "/app/openapi.json",
      config,
    });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`);
    expect(found).toEqual([]);
  }, 60_000);

  it("names every operation after its contract, declares its security and the server", async () => {
    const doc = (await call(t.app, { method: "GET", url: "/app/openapi.json" })).body as {
      servers: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: "https://tasuki.example.jp" })]);
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((o) => !o.operationId)).toEqual([]);
    expect(operations.filter((o) => !o.security)).toEqual([]);
    expect(doc.paths["/app/task/list"]?.get?.operationId).toBe("listTasks");
    expect(doc.paths["/app/task/list"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/app/auth/login-with-email"]?.post?.security).toEqual([]);
  });
});
