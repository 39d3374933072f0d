import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.ts";
import { sendOverloaded } from "./overload.ts";

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

const partLabels: Record<string, string> = { body: "", querystring: "", params: "", headers: "" };

function issueField(context: string | undefined, issue: ValidationIssue): string {
  const path = issue.instancePath?.replace(/^\//, "").replace(/\//g, ".") ?? "";
  return path || (context ? (partLabels[context] ?? context) : "") || "(root)";
}

/** Every 4xx/5xx leaves as `{message, dev_message, code}`; internals never leave the server. */
export function registerErrorHandler(app: FastifyInstance, options: { onPoolTimeout?: () => void } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "application error");
      return reply
        .status(error.status)
        .send({ message: error.messageJa, dev_message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = (error.validation as ValidationIssue[]).map((issue) => ({
        field: issueField(error.validationContext, issue),
        message: issue.params?.issue?.message ?? issue.message ?? "invalid",
      }));
      const fields = [...new Set(issues.map((i) => i.field))];
      return reply.status(400).send({
        message: `入力内容を確認してください（${issues.map((i) => `${i.field}: ${i.message}`).join("、")}）`,
        dev_message: `Invalid ${error.validationContext ?? "request"}: ${fields.join(", ")}`,
        code: "validation_error",
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its contract");
      return reply.status(500).send(internal());
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({
        message: "送信されたデータが大きすぎます。",
        dev_message: "Request body is too large",
        code: "payload_too_large",
      });
    }
    if (status === 415) {
      return reply.status(415).send({
        message: "送信されたデータの形式に対応していません。",
        dev_message: `Unsupported media type: ${request.headers["content-type"] ?? "none"}`,
        code: "unsupported_media_type",
      });
    }
    if (status === 429) {
      return reply.status(429).send({
        message: "短時間に多くのリクエストがありました。しばらく時間をおいてから再度お試しください。",
        dev_message: "Too many requests",
        code: "rate_limited",
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body…): their messages hold no internals.
      return reply.status(status).send({
        message: "リクエストの形式が正しくありません。",
        dev_message: error.message,
        code: status === 400 ? "bad_request" : `http_${status}`,
      });
    }
    if (waitedForConnection(error)) {
      // Every database connection stayed busy past DATABASE_POOL_TIMEOUT_MS: a rush, not a bug.
      // Counted in the overload guard's periodic warning: a line each flooded the console in a rush.
      options.onPoolTimeout?.();
      return sendOverloaded(reply, RETRY_AFTER_SECONDS, "No database connection became free in time");
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(internal());
  });
}

/** The seconds a client is asked to wait before retrying a request refused for overload. */
export const RETRY_AFTER_SECONDS = 2;

/** node-postgres's pool gave up waiting for a free connection (connectionTimeoutMillis), maybe behind drizzle's wrapper. */
function waitedForConnection(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message.includes("timeout exceeded when trying to connect")) return true;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return false;
}

const internal = () => ({
  message: "一時的なエラーが発生しました。しばらくしてから再度お試しください。",
  dev_message: "Internal server error",
  code: "internal_error",
});

export function notFoundBody(method: string, url: string) {
  return {
    message: "お探しのページまたはデータが見つかりません。",
    dev_message: `Route ${method} ${url.split("?")[0]} not found`,
    code: "not_found",
  };
}
