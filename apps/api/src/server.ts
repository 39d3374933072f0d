import path from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/config.ts";
import { binariesMajorVersion, DataDirLockedError, EmbeddedServerError } from "./db/embedded-server.ts";
import { openConfiguredDatabase } from "./db/open-configured.ts";
import { createLogDestination, logFileFor } from "./lib/log-destination.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Without DATABASE_URL the API runs its own PostgreSQL server from DATA_DIR (db/embedded-server.ts).
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      poolTimeoutMs: config.databasePoolTimeoutMs,
      parallelWorkers: config.databaseParallelWorkers,
      onPoolError: (error) => console.error(`database connection lost (it will be reopened): ${error.message}`),
      // Its routine lines (checkpoints, startup) stay out of the way; problems are shown.
      onServerLog: (line) => {
        if (/\b(WARNING|ERROR|FATAL|PANIC):/.test(line) && !line.includes("is starting up")) {
          console.error(`postgres: ${line}`);
        }
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EmbeddedServerError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  const embedded = database.embedded;

  // In a terminal the request lines go to a file and the console keeps the banner and what needs a person.
  const log = createLogDestination(logFileFor(config.logFile, config.dataDir, process.stdout.isTTY === true));
  const { app, ctx } = await buildApp({ config, database, logStream: log.stream });

  // SIGTERM: stop taking connections, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // First /readyz fails, while requests are still served, so that a load balancer moves new ones elsewhere;
    // then the server stops taking connections and drains the requests in flight.
    ctx.lifecycle.draining = true;
    const force = setTimeout(() => process.exit(1), config.shutdownDelayMs + 10_000);
    force.unref();
    try {
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      await app.close();
      ctx.mailer.close();
      await database.close();
    } finally {
      log.flush();
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: when that parent dies, even by kill -9, the
  // channel closes and the server stops too instead of holding the port and the data directory.
  if (process.send) process.on("disconnect", () => void shutdown("parent exited"));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host}:${port}`;
  const db = embedded
    ? `PostgreSQL ${binariesMajorVersion()} (embedded) in ${path.join(config.dataDir, "postgres")}`
    : "PostgreSQL (DATABASE_URL)";
  const mail = config.smtpUrl
    ? "SMTP"
    : config.env === "production"
      ? "none (no SMTP_URL: mails are only logged, by address and subject)"
      : `no SMTP_URL, so mails are kept at ${url}/dev/outbox (served to this machine only)`;
  const logs = log.file ? `${log.file} (warnings and errors also here)` : "stdout (JSON lines)";
  console.log(
    `\nTasuki is running at ${url}\n  database: ${db}\n  mail: ${mail}\n  log: ${logs}\n  API reference: ${url}/app/docs\n`,
  );
}

void main();
