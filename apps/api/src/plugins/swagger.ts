import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { openapiContract } from "@tasuki/contract/system/openapi.contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { AppContext } from "../app-context.ts";
import { route } from "../lib/route.ts";

/**
 * OpenAPI 3.1 built from the route contracts, at /app/openapi.json, with a reference UI at /app/docs. Every
 * operation carries its contract's operationId and its own `security` (lib/route.ts); the server is the app's
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
    transformObject: jsonSchemaTransformObject,
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
