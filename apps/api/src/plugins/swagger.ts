import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { openapiContract } from "@tasuki/contract/system/openapi.contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { AppContext } from "../context/app-context.ts";
import { route } from "../http/route.ts";

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/** Every `$ref` under a value. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) stack.push(...current);
    else if (current && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (key === "$ref" && typeof item === "string") found.add(item);
        else stack.push(item);
      }
    }
  }
  return found;
}

/**
 * The zod registry lists every named schema twice (its input and its output shape), used or not: only the
 * schemas an operation reaches, directly or through another schema, stay in `components`.
 */
function withoutUnusedSchemas(document: Document): Document {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return document;
  const prefix = "#/components/schemas/";
  const used = new Set<string>();
  let pending = [...refsIn((document as { paths?: unknown }).paths, new Set())];
  while (pending.length > 0) {
    const next = new Set<string>();
    for (const ref of pending) {
      const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : null;
      if (name === null || used.has(name)) continue;
      used.add(name);
      refsIn(schemas[name], next);
    }
    pending = [...next];
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

/**
 * OpenAPI 3.1 built from the route contracts, at /app/openapi.json, with a reference UI at /app/docs. Every
 * operation carries its contract's operationId and its own `security` (http/route.ts); the server is the app's
 * origin. `openapi-lint.test.ts` lints the served document with Redocly's recommended rules.
 */
export async function registerSwagger(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Tasuki API",
        description: "タスク・組織・会議管理 Tasuki の API。エラーはすべて {message, dev_message, code} で返します。",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: ctx.config.appOrigin, description: "このサーバー" }],
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  route(app, ctx, openapiContract, async ({ reply }) =>
    reply.type("application/json; charset=utf-8").send(app.swagger()),
  );
  // The reference UI is a static page of a library, public like the web app's files; it holds no data.
  await app.register(scalar, {
    routePrefix: "/app/docs",
    configuration: { url: "/app/openapi.json", title: "Tasuki API" },
  });
}
