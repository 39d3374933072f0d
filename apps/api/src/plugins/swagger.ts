import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** OpenAPI 3.1 built from the route contracts, at /app/openapi.json, with a reference UI at /app/docs. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Tasuki API",
        description: "タスク・組織・会議管理 Tasuki の API。エラーはすべて {message, dev_message, code} で返します。",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get("/app/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: "/app/docs",
    configuration: { url: "/app/openapi.json", title: "Tasuki API" },
  });
}
