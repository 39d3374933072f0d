import type { FastifyInstance, FastifyReply } from "fastify";
import { leaveOutOfRequestLog } from "./request-log.ts";

export interface OverloadOptions {
  /** Requests handled at once (from arrival to the last byte of the answer); beyond it, 503 at once. */
  maxInFlight: number;
  /** The `Retry-After` of a refused request (seconds). */
  retryAfterSeconds: number;
  /** How often the refusals are counted in one warning (tests shorten it). */
  reportEveryMs?: number;
}

const REPORT_EVERY_MS = 10_000;

/** The answer to a request the server has no room for: the client should come back shortly. */
export function overloadedBody(devMessage: string) {
  return {
    message: "ただいま混み合っています。しばらく時間をおいてから再度お試しください。",
    dev_message: devMessage,
    code: "overloaded",
  };
}

export function sendOverloaded(reply: FastifyReply, retryAfterSeconds: number, devMessage: string) {
  return reply.status(503).header("retry-after", String(retryAfterSeconds)).send(overloadedBody(devMessage));
}

/** Probes and long-lived WebSocket connections are not work in flight. */
function exempt(url: string, upgrade: string | undefined): boolean {
  if (upgrade?.toLowerCase() === "websocket") return true;
  const pathname = url.split("?")[0];
  return pathname === "/healthz" || pathname === "/readyz";
}

/**
 * A bound on the work in flight. Past it a request is answered 503 with `Retry-After` at once instead of waiting
 * in an unbounded queue (on the event loop, then for a database connection) until its client gives up: under a
 * rush, most requests are served promptly and the rest are told to retry, rather than all of them timing out.
 * The waiting for a database connection has its own bound (DATABASE_POOL_TIMEOUT_MS, error-handler.ts).
 */
export function registerOverloadGuard(
  app: FastifyInstance,
  options: OverloadOptions,
): { inFlight(): number; countPoolTimeout(): void } {
  let inFlight = 0;
  // Refusals are counted, not logged one by one: at thousands a second a line each cost more than the refusal
  // itself and filled the console and the log writer's memory (issue 23).
  let refused = 0;
  let poolTimeouts = 0;
  let report: NodeJS.Timeout | undefined;
  const everyMs = options.reportEveryMs ?? REPORT_EVERY_MS;
  const flushReport = () => {
    if (report) clearTimeout(report);
    report = undefined;
    if (refused === 0 && poolTimeouts === 0) return;
    const parts = [
      ...(refused ? [`${refused} request(s) refused (MAX_REQUESTS_IN_FLIGHT ${options.maxInFlight})`] : []),
      ...(poolTimeouts ? [`${poolTimeouts} found no database connection in time (DATABASE_POOL_TIMEOUT_MS)`] : []),
    ];
    app.log.warn(
      { refused, poolTimeouts, maxInFlight: options.maxInFlight },
      `overloaded: ${parts.join(", ")} in the last ${Math.round(everyMs / 1000)} s`,
    );
    refused = 0;
    poolTimeouts = 0;
  };
  const scheduleReport = () => {
    if (report) return;
    report = setTimeout(flushReport, everyMs);
    report.unref();
  };
  app.addHook("onClose", async () => flushReport());
  app.addHook("onRequest", async (request, reply) => {
    if (exempt(request.url, request.headers.upgrade)) return;
    if (inFlight >= options.maxInFlight) {
      refused += 1;
      leaveOutOfRequestLog(request);
      scheduleReport();
      return sendOverloaded(reply, options.retryAfterSeconds, `Too many requests in flight (${inFlight})`);
    }
    inFlight += 1;
    let released = false;
    // 'close' comes once the answer is sent or the client has gone, whichever way the request ended.
    reply.raw.once("close", () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    });
  });
  return {
    inFlight: () => inFlight,
    /** A request told to come back after waiting for a database connection (error-handler.ts): counted alike. */
    countPoolTimeout() {
      poolTimeouts += 1;
      scheduleReport();
    },
  };
}
