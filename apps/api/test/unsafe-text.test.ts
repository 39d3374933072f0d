/**
 * Text PostgreSQL cannot store (U+0000), text that is not Unicode (lone surrogates) and bodies that are not
 * UTF-8 answer 400 naming the field on every route, before validation (http/route.ts, plugins/json-body.ts),
 * and never reach the database: no 500, and the audit log goes on working.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, signUpWithWorkspace, type TestApp } from "./test-app.ts";

const NUL = "a\u0000b";
const LONE = "a\ud800b";

let t: TestApp;
let token: string;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpWithWorkspace(t, "株式会社ヌル");
  token = owner.tokens.access_token;
  workspaceId = owner.workspace.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function expectRefused(res: { status: number; body: unknown }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ code: "validation_error" });
  const body = res.body as { message: string; dev_message: string };
  expect(body.message).toContain(`${field}: 使用できない文字`);
  expect(body.dev_message).toContain(field);
  // The answer never echoes the character back.
  expect(JSON.stringify(body)).not.toMatch(/\\u0000|\\ud800/);
}

describe("unstorable text in real calls", () => {
  const cases: [string, "GET" | "POST" | "PATCH", () => string, (value: string) => object | undefined, string][] = [
    ["task title", "POST", () => "/app/task/new", (v) => ({ workspace_id: workspaceId, title: v }), "title"],
    [
      "project name",
      "POST",
      () => "/app/project/new",
      (v) => ({ workspace_id: workspaceId, name: v, member_ids: [] }),
      "name",
    ],
    ["group name", "POST", () => "/app/group/new", (v) => ({ workspace_id: workspaceId, name: v }), "name"],
    ["workspace name", "PATCH", () => `/app/workspace/${workspaceId}`, (v) => ({ name: v }), "name"],
    [
      "task list q",
      "GET",
      () => `/app/task/list?workspace_id=${workspaceId}&q=${encodeURIComponent(NUL)}`,
      () => undefined,
      "q",
    ],
    [
      "staff list q",
      "GET",
      () => `/app/workspace-user/list?workspace_id=${workspaceId}&q=${encodeURIComponent(NUL)}`,
      () => undefined,
      "q",
    ],
  ];

  for (const [name, method, url, payload, field] of cases) {
    it(`refuses U+0000 in the ${name} with 400 naming ${field}`, async () => {
      const body = payload(NUL);
      const res = await call(t.app, { method, url: url(), token, ...(body ? { payload: body } : {}) });
      expectRefused(res, field);
    });
  }

  it("refuses a lone surrogate in a title", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token,
      payload: { workspace_id: workspaceId, title: LONE },
    });
    expectRefused(res, "title");
  });

  it("refuses U+0000 in a nested field and in an object key, naming the path", async () => {
    const nested = await call(t.app, {
      method: "PUT",
      url: `/app/workspace/${workspaceId}/group-types`,
      token,
      payload: { items: [{ name: "部" }, { name: NUL }] },
    });
    expectRefused(nested, "items.1.name");
    const key = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token,
      payload: { workspace_id: workspaceId, title: "見積", [NUL]: "x" },
    });
    expectRefused(key, "a?b");
  });

  it("refuses U+0000 in a path parameter", async () => {
    const res = await call(t.app, { method: "GET", url: "/app/task/a%00b", token });
    expectRefused(res, "id");
  });

  it("refuses a body that is not UTF-8", async () => {
    const bytes = Buffer.concat([
      Buffer.from(`{"workspace_id":"${workspaceId}","title":"見積`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const res = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token,
      payload: bytes,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_encoding" });
  });

  it("changes nothing and leaves the audit log working", async () => {
    const created = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token,
      payload: { workspace_id: workspaceId, title: "見積書を作成する" },
    });
    expect(created.status).toBe(201);
    const log = await call(t.app, { method: "GET", url: `/app/audit-log/list?workspace_id=${workspaceId}`, token });
    expect(log.status).toBe(200);
    const entities = (log.body as { items: { entity: string; action: string }[] }).items.map((i) => i.entity);
    expect(entities).toContain("task");
    // Only the one valid task exists: none of the refused calls wrote a row.
    const tasks = (log.body as { items: { entity: string }[] }).items.filter((i) => i.entity === "task");
    expect(tasks).toHaveLength(1);
  });
});

/** One string field reachable in an operation's input: where it goes and the path that names it. */
interface Field {
  where: "path" | "query" | "body";
  path: string[];
}

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

describe("every string field of every contract", () => {
  it("answers U+0000 in any string field 400 naming it, never 500", async () => {
    const doc = (await call(t.app, { method: "GET", url: "/app/openapi.json" })).body as {
      paths: Record<string, Record<string, OpenApiOperation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const resolve = (schema: Schema): Schema =>
      schema.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {}) : schema;
    const isString = (schema: Schema): boolean => {
      const s = resolve(schema);
      const types = Array.isArray(s.type) ? s.type : [s.type];
      return types.includes("string") || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isString);
    };
    /** String leaves up to three levels deep (arrays take their first item). */
    const leaves = (schema: Schema, path: string[], depth: number): string[][] => {
      const s = resolve(schema);
      if (isString(s)) return [path];
      if (depth === 0) return [];
      const variants = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].map(resolve);
      return variants.flatMap((v) => [
        ...Object.entries(v.properties ?? {}).flatMap(([key, child]) => leaves(child, [...path, key], depth - 1)),
        ...(v.items ? leaves(v.items, [...path, "0"], depth - 1) : []),
      ]);
    };
    const build = (path: string[]): unknown => {
      if (path.length === 0) return NUL;
      const [head, ...rest] = path;
      return head === "0" ? [build(rest)] : { [head!]: build(rest) };
    };

    const results: Record<string, number> = {};
    const misnamed: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const fields: Field[] = [];
        for (const parameter of operation.parameters ?? []) {
          if (isString(parameter.schema))
            fields.push({ where: parameter.in as "path" | "query", path: [parameter.name] });
        }
        const body = operation.requestBody?.content?.["application/json"]?.schema;
        if (body) for (const path of leaves(body, [], 3)) fields.push({ where: "body", path });
        for (const field of fields) {
          const name = field.path.join(".");
          let url = template.replace(/\{(\w+)\}/g, (_, p: string) =>
            field.where === "path" && p === name ? "a%00b" : "00000000-0000-4000-8000-000000000000",
          );
          if (field.where === "query") url += `?${name}=a%00b`;
          const res = await call(t.app, {
            method: method.toUpperCase() as "GET",
            url,
            token,
            ...(field.where === "body"
              ? { payload: build(field.path) as object }
              : method === "get"
                ? {}
                : { payload: {} }),
          });
          const key = `${method.toUpperCase()} ${template} ${field.where}:${name}`;
          results[key] = res.status;
          const message = (res.body as { message?: string } | undefined)?.message ?? "";
          if (res.status === 400 && !message.includes(`${name}: 使用できない文字`)) misnamed.push(key);
        }
      }
    }
    const keys = Object.keys(results);
    // The generated set covers the API: titles, names, comments, queries, ids, in every module.
    expect(keys.length).toBeGreaterThan(150);
    expect(Object.fromEntries(keys.filter((k) => results[k] !== 400).map((k) => [k, results[k]]))).toEqual({});
    expect(misnamed).toEqual([]);
  }, 120_000);
});

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
