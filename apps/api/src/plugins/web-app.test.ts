import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
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

  it("sends the build's .br or .gz copy of an asset to a browser that accepts it, the file itself otherwise", async () => {
    const code = `console.log(${JSON.stringify("タスク".repeat(500))})`;
    const file = path.join(dist, "assets", "route-xyz789.js");
    writeFileSync(file, code);
    writeFileSync(`${file}.br`, brotliCompressSync(code));
    writeFileSync(`${file}.gz`, gzipSync(code));
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/assets/route-xyz789.js",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const br = await get("gzip, deflate, br, zstd");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(code);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(code);
    // An asset without copies (small files) is sent as it is, whatever the browser accepts.
    const small = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("console.log('app')");
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
