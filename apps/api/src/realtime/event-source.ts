import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../db/client.ts";

/** The channel the database trigger tasuki_publish_event() (migration 0007) and other publishers notify on. */
export const EVENTS_CHANNEL = "tasuki_events";

export interface EventSourceHandlers {
  /** One notification's payload, in commit order. */
  onPayload(payload: string): void;
  /** The listener was disconnected and is back: notifications of the gap are lost. */
  onGap(): void;
}

export interface EventSource {
  close(): Promise<void>;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * The process's one listener of the database's change notifications: a dedicated connection (LISTEN holds its
 * connection, so it cannot be a pooled one) that reconnects with back-off.
 */
export async function listenForEvents(
  database: Database,
  handlers: EventSourceHandlers,
  log: FastifyBaseLogger,
): Promise<EventSource> {
  // drizzle exposes the node-postgres pool it was built on: the listener connects as the pool does.
  const driver = (database.db as unknown as { $client: pg.Pool }).$client;
  return listenOnPostgres(driver.options, handlers, log);
}

async function listenOnPostgres(
  options: pg.PoolConfig,
  handlers: EventSourceHandlers,
  log: FastifyBaseLogger,
): Promise<EventSource> {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...options, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) handlers.onPayload(message.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next || closed) return;
      client = null;
      log.warn({ err: error }, "realtime listener lost its database connection; reconnecting");
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    const delay = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      connect()
        .then(() => {
          failures = 0;
          log.info("realtime listener reconnected");
          handlers.onGap();
        })
        .catch((error: Error) => {
          if (closed) return;
          log.warn({ err: error }, "realtime listener could not reconnect");
          scheduleReconnect();
        });
    }, delay);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
