import { errorSchema } from "@tasuki/contract/common/common.schema";
import type { ContractShape } from "@tasuki/contract/common/define-contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppContext } from "../app-context.ts";
import { runAsActor } from "../db/actor.ts";
import { authenticate, type RequestAuth } from "../modules/auth/authenticate.ts";

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<C extends ContractShape> {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
  /** Present on bearer calls; on optional ones only when a token was sent. */
  auth: C["auth"] extends "bearer" ? RequestAuth : RequestAuth | null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The workspace a request names (validated query or body), whose membership authenticate() reads at once. */
function workspaceIdOf(request: FastifyRequest): unknown {
  const query = request.query as { workspace_id?: unknown } | undefined;
  const body = request.body as { workspace_id?: unknown } | undefined;
  return query?.workspace_id ?? (body && typeof body === "object" ? body.workspace_id : undefined);
}

const errorStatuses = [400, 401, 403, 404, 409, 413, 429, 500, 502] as const;

/** Registers a route from its contract: validation, serialisation, authentication and OpenAPI from one place. */
export function route<C extends ContractShape>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<z.output<C["response"]>>,
): void {
  const status = contract.status ?? 200;
  const response: Record<number, z.ZodType> = { [status]: contract.response };
  for (const code of errorStatuses) response[code] = errorSchema;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path.replace(/\{(\w+)\}/g, ":$1"),
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.auth === "none" ? {} : { security: [{ bearerAuth: [] }] }),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      const auth =
        contract.auth === "none"
          ? null
          : await authenticate(ctx, request, contract.auth === "bearer", workspaceIdOf(request));
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        auth,
        ip: request.ip,
        request,
        reply,
      } as HandlerInput<C>;
      // The signed-in caller is the actor of every write the handler makes (the audit log reads it).
      const result = auth ? await runAsActor(auth.userId, () => handler(input)) : await handler(input);
      return reply.status(status).send(result);
    },
  });
}
