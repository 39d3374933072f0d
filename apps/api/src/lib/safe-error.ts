/**
 * Errors as they may be written down (log lines, the operator audit row, a failed job's output): what
 * failed and where, never the values it failed on. A failed query is the danger: Drizzle's
 * `Failed query: <sql>\nparams: <values>` carries every bound value (an argon2 hash, a token, a code),
 * PostgreSQL's `detail` quotes the failing row ("Failing row contains (…)", "Key (email)=(…)"), and a data
 * exception (SQLSTATE class 22) quotes the value it could not read. Only allow-listed fields are kept.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The bound values Drizzle appends to the message of a failed query. */
const BOUND_PARAMS = /\r?\nparams: [\s\S]*$/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  // PostgreSQL's fields that name an object, not a value.
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/** The message without bound values, and without the quoted value of a data exception. */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === "string" ? "(non-error thrown)" : typeof error;
  const { code } = error as ErrorLike;
  let message = String(error.message).replace(BOUND_PARAMS, "");
  if (typeof code === "string" && SQLSTATE.test(code) && code.startsWith("22")) {
    message = message.replace(/"[^"]*"/g, '"…"');
  }
  return message;
}

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeError;
}

/** The pino serializer of `err` (every log line that carries an error) and the shape a job's failure keeps. */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = safeErrorMessage(error);
    return { type: typeof error, message, stack: message };
  }
  const e = error as Error & ErrorLike;
  const type = e.constructor?.name ?? e.name;
  const message = safeErrorMessage(error);
  // The stack's first line repeats the message: it is rebuilt from the safe message and the frames only.
  const frames = typeof e.stack === "string" ? e.stack.split("\n").filter((line) => /^\s+at /.test(line)) : [];
  const result: SafeError = { type, message, stack: [`${e.name}: ${message}`, ...frames].join("\n") };
  if (typeof e.code === "string" || typeof e.code === "number") result.code = e.code;
  if (typeof e.statusCode === "number") result.statusCode = e.statusCode;
  for (const key of ["severity", "constraint", "table", "column"] as const) {
    if (typeof e[key] === "string") result[key] = e[key] as string;
  }
  if (e.cause !== undefined && depth < 4) result.cause = serializeError(e.cause, depth + 1);
  return result;
}

/** Fastify's request line without its query string: a query may carry a token or a search for a person. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url?.split("?")[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
