import type { WebSocket } from "@fastify/websocket";
import { errorSchema } from "@tasuki/contract/common/common.schema";
import type { ContractShape } from "@tasuki/contract/common/define-contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppContext } from "../context/app-context.ts";
import { runAsActor } from "../db/actor.ts";
import { badRequest } from "../lib/app-error.ts";
import { JsonText } from "../lib/json-text.ts";
import { findUnsafeText } from "../lib/unsafe-text.ts";
import { confirmSession, type RequestAuth, verifyBearer } from "./authenticate.ts";

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<C extends ContractShape> {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  /** A stream contract (`consumes`) has none: the handler reads `request.parts()` itself. */
  body: C extends { consumes: string } ? undefined : Out<C["body"]>;
  /** Present on bearer calls; on optional ones only when a token was sent. */
  auth: C["auth"] extends "bearer" ? RequestAuth : RequestAuth | null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON call answers its result, or the same as JSON text it wrote itself (lib/json-text.ts); a file (`produces`) is sent by the handler through `reply`, which it returns. */
export type HandlerResult<C extends ContractShape> = C extends { produces: readonly string[] }
  ? FastifyReply
  : z.output<C["response"]> | JsonText<z.output<C["response"]>>;

/** The workspace a request names (raw query or parsed body), whose membership confirmSession() reads at once. */
function workspaceIdOf(request: FastifyRequest): unknown {
  const query = request.query as { workspace_id?: unknown } | undefined;
  const body = request.body as { workspace_id?: unknown } | undefined;
  return query?.workspace_id ?? (body && typeof body === "object" ? body.workspace_id : undefined);
}

const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503] as const;

/** Who is calling, settled by the hooks before validation; read by the handler. */
const verifiedOf = new WeakMap<FastifyRequest, RequestAuth>();
const authOf = new WeakMap<FastifyRequest, RequestAuth>();

const PARTS = [
  ["params", "params"],
  ["query", "querystring"],
  ["body", "body"],
] as const;

/**
 * What every route runs before its handler, in this order:
 * 1. `onRequest`: the bearer token (signature, expiry), without the database, before a byte of the body is
 *    read: an anonymous or forged call answers 401 whatever its input.
 * 2. `preValidation` (body parsed, nothing validated yet): the session (and the membership of the workspace the
 *    request names, in the same query), so a revoked session also answers 401 before any 400; then text that
 *    PostgreSQL cannot store (U+0000, lone surrogates) in params, query or body answers 400 naming the field.
 * 3. Fastify validates params, query and body against the contract's schemas.
 */
function guards(ctx: AppContext, contract: ContractShape): Pick<RouteOptions, "onRequest" | "preValidation"> {
  return {
    onRequest: async (request) => {
      if (contract.auth === "none") return;
      const verified = await verifyBearer(ctx, request, contract.auth === "bearer");
      if (verified) verifiedOf.set(request, verified);
    },
    preValidation: async (request) => {
      const verified = verifiedOf.get(request);
      if (verified) authOf.set(request, await confirmSession(ctx, verified, workspaceIdOf(request)));
      for (const [key, part] of PARTS) {
        const field = findUnsafeText(request[key]);
        if (field === null) continue;
        throw badRequest(
          "validation_error",
          `入力内容を確認してください（${field}: 使用できない文字（制御文字など）が含まれています）`,
          `Invalid ${part}: ${field} contains U+0000 or a lone surrogate`,
        );
      }
    },
  };
}

/** The OpenAPI side of a contract: operationId, security, parameters, body and every answer. */
function schemaOf(contract: ContractShape): FastifySchema {
  const status = contract.status ?? 200;
  const success = contract.produces
    ? {
        description: contract.response.description ?? contract.summary,
        content: Object.fromEntries(contract.produces.map((type) => [type, { schema: contract.response }])),
      }
    : contract.response;
  const response: Record<number, unknown> = { [status]: success };
  for (const code of errorStatuses) response[code] = errorSchema;
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    tags: [...contract.tags],
    // Public calls say so (an empty list), optional ones list "no token" beside the bearer token.
    security:
      contract.auth === "none" ? [] : contract.auth === "optional" ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    ...(contract.hidden ? { hide: true } : {}),
    ...(contract.consumes ? { consumes: [contract.consumes] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response,
  } as FastifySchema;
}

/** A stream body is the handler's to read: its schema documents it and validates nothing. */
const streamBodyValidator: typeof validatorCompiler = (route) =>
  route.httpPart === "body" ? (value) => ({ value }) : validatorCompiler(route);

/**
 * Registers a route from its contract: authentication (before validation), refusal of unstorable text,
 * validation, serialisation, OpenAPI, and the caller as the actor of every write the handler makes. Every
 * route of the API goes through here (files, uploads and the realtime socket too), so none skips a step.
 */
export function route<C extends ContractShape>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<HandlerResult<C>>,
): void {
  const status = contract.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path.replace(/\{(\w+)\}/g, ":$1"),
    schema: schemaOf(contract),
    ...guards(ctx, contract),
    ...(contract.consumes ? { validatorCompiler: streamBodyValidator as never } : {}),
    handler: async (request, reply) => {
      const auth = authOf.get(request) ?? null;
      const input = {
        params: request.params,
        query: request.query,
        body: contract.consumes ? undefined : request.body,
        auth,
        ip: request.ip,
        request,
        reply,
      } as HandlerInput<C>;
      // The signed-in caller is the actor of every write the handler makes (the audit log reads it).
      const result = auth
        ? await runAsActor(auth.userId, () => handler(input), { write: contract.method !== "GET" })
        : await handler(input);
      // A file was sent by the handler itself.
      if (contract.produces) return reply;
      // Text the API wrote itself goes out as it is: with the content type set, Fastify sends a string unserialised.
      if (result instanceof JsonText) {
        return reply.status(status).type("application/json; charset=utf-8").send(result.text);
      }
      return reply.status(status).send(result);
    },
  });
}

/**
 * A WebSocket endpoint from its contract (GET, hidden from OpenAPI): the same hooks as every route, then
 * the upgrade. `preValidation` adds the endpoint's own check of the handshake (the Origin).
 */
export function socketRoute<C extends ContractShape>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: C,
  options: {
    preValidation?: (request: FastifyRequest) => Promise<void>;
    onSocket: (socket: WebSocket, request: FastifyRequest, auth: RequestAuth | null) => void;
  },
): void {
  const hooks = guards(ctx, contract);
  app.route({
    method: "GET",
    url: contract.path,
    schema: schemaOf(contract),
    websocket: true,
    onRequest: hooks.onRequest!,
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      await options.preValidation?.(request);
      await (hooks.preValidation as (request: FastifyRequest, reply: FastifyReply) => Promise<void>)(request, reply);
    },
    // @fastify/websocket calls the handler with the socket instead of the reply.
    handler: ((socket: WebSocket, request: FastifyRequest) =>
      options.onSocket(socket, request, authOf.get(request) ?? null)) as unknown as RouteOptions["handler"],
  });
}
