import type { AuditAction } from "@tasuki/contract/audit-log/audit-log.schema";
import { cutText } from "@tasuki/contract/common/cut-text";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { safeErrorMessage } from "../../lib/safe-error.ts";
import { verifyAccessToken } from "../../lib/tokens.ts";
import { insertOperatorEvent } from "./audit-log.repository.ts";

/** The auth calls that open or renew a session, and what the operator log calls them. */
const SESSION_EVENTS: Record<string, { action: AuditAction; method: string }> = {
  "/app/auth/signup-with-email": { action: "signup", method: "email" },
  "/app/auth/signup-with-sns": { action: "signup", method: "sns" },
  "/app/auth/login-with-email": { action: "login", method: "email" },
  "/app/auth/login-with-sns": { action: "login", method: "sns" },
  "/app/auth/renew-token": { action: "token_renewal", method: "refresh_token" },
};

const requestDetail = (request: FastifyRequest) => ({
  ip: request.ip,
  user_agent: String(request.headers["user-agent"] ?? "").slice(0, 300),
  request_id: request.id,
});

/**
 * Operator events: every sign-up, sign-in and token renewal, and every application error, go to the server
 * log and to the audit log as rows without a workspace (a sign-in also shows on the 監査ログ of each
 * workspace of the person). Watching the answers keeps the auth code as it is: the session is read from the
 * access token the call answered. Writing the row must never fail the call: a failure is only logged.
 */
export function registerOperatorEvents(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const event = SESSION_EVENTS[request.routeOptions.url ?? ""];
    if (!event || reply.statusCode >= 300 || typeof payload !== "string") return payload;
    try {
      const token = (JSON.parse(payload) as { access_token?: unknown }).access_token;
      const verified = typeof token === "string" ? await verifyAccessToken(ctx.keys, token, ctx.now()) : null;
      if (!verified) return payload;
      request.log.info(
        { operator_event: { action: event.action, user_id: verified.userId, method: event.method } },
        `operator event: ${event.action}`,
      );
      await insertOperatorEvent(ctx.db, {
        actorUserId: verified.userId,
        entity: "session",
        entityId: verified.sessionId,
        action: event.action,
        detail: { method: event.method, ...requestDetail(request) },
      });
    } catch (error) {
      request.log.error({ err: error }, "operator event could not be recorded");
    }
    return payload;
  });
  app.addHook("onError", async (request, _reply, error) => {
    // Runs before the error handler: the status is the error's own (AppError, Fastify's, or 500).
    const status = error instanceof AppError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
    if (status < 500) return;
    try {
      await insertOperatorEvent(ctx.db, {
        actorUserId: null,
        entity: "system",
        entityId: null,
        action: "error",
        detail: {
          ...requestDetail(request),
          method: request.method,
          route: request.routeOptions.url ?? request.url.split("?")[0],
          status,
          error: error.name,
          code: (error as { code?: unknown }).code ?? null,
          // Never the values of a failed query (lib/safe-error.ts).
          message: cutText(safeErrorMessage(error), 500),
        },
      });
    } catch (writeError) {
      request.log.error({ err: writeError }, "operator event could not be recorded");
    }
  });
}
