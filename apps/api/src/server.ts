import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError, openDatabase } from "./db/client.ts";

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

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onPoolError: (error) => console.error(`database connection lost (it will be reopened): ${error.message}`),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }

  const { app, ctx } = await buildApp({ config, database });

  // SIGTERM: stop taking connections, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      ctx.mailer.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host}:${port}`;
  const db = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  const mail = config.smtpUrl
    ? "SMTP"
    : config.env === "production"
      ? "none (no SMTP_URL: mails are only logged, by address and subject)"
      : `no SMTP_URL, so mails are kept at ${url}/dev/outbox (served to this machine only)`;
  console.log(`\nTasuki is running at ${url}\n  database: ${db}\n  mail: ${mail}\n  API reference: ${url}/app/docs\n`);
}

void main();
