import { rmSync } from "node:fs";
import path from "node:path";
import { type Database, openDatabase } from "./client.ts";
import { type EmbeddedServer, EmbeddedServerError, startEmbeddedServer } from "./embedded-server.ts";
import { hasOldPgliteData, importPgliteData, retireOldPgliteData } from "./pglite-data.ts";

export interface ConfiguredDatabaseOptions {
  /** DATABASE_URL: a PostgreSQL server of one's own. Without it, the embedded server runs from `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  poolTimeoutMs?: number;
  parallelWorkers?: number;
  onPoolError?: (error: Error) => void;
  /** The embedded server's log lines. */
  onServerLog?: (line: string) => void;
  /** What the operator should read (the move of an earlier version's PGlite data). */
  onNotice?: (line: string) => void;
}

/**
 * The database the configuration names: DATABASE_URL's server, or the embedded server under DATA_DIR, started here
 * and stopped by `close()` after the pool (the server, `npm run demo`, the benchmarks).
 */
export async function openConfiguredDatabase(
  options: ConfiguredDatabaseOptions,
): Promise<Database & { embedded: EmbeddedServer | undefined }> {
  let embedded: EmbeddedServer | undefined;
  const notice = options.onNotice ?? ((line: string) => console.log(line));
  const moveOldData = !options.databaseUrl && hasOldPgliteData(options.dataDir);
  if (!options.databaseUrl) {
    embedded = await startEmbeddedServer({
      dataDir: options.dataDir,
      ...(options.onServerLog ? { onLog: options.onServerLog } : {}),
    });
  }
  try {
    const database = await openDatabase({
      databaseUrl: options.databaseUrl ?? embedded!.url,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      ...(options.poolTimeoutMs ? { poolTimeoutMs: options.poolTimeoutMs } : {}),
      ...(options.parallelWorkers !== undefined ? { parallelWorkers: options.parallelWorkers } : {}),
      ...(options.onPoolError ? { onPoolError: options.onPoolError } : {}),
    });
    if (moveOldData) await moveFromPglite(options.dataDir, embedded!, database, notice);
    return {
      ...database,
      embedded,
      async close() {
        try {
          await database.close();
        } finally {
          await embedded?.stop();
        }
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/** The first start after ADR 0012 on a data directory of an earlier version: its PGlite database is copied over. */
async function moveFromPglite(
  dataDir: string,
  embedded: EmbeddedServer,
  database: Database,
  notice: (line: string) => void,
): Promise<void> {
  notice(`Moving the database of an earlier Tasuki (PGlite, ${dataDir}/pglite) to the embedded PostgreSQL server…`);
  const started = Date.now();
  try {
    const result = await importPgliteData(dataDir, embedded.url, notice);
    const kept = retireOldPgliteData(dataDir);
    notice(
      `Moved ${result.rows} rows of ${result.tables} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; the old directory is kept as ${kept} (delete it once you are satisfied).` +
        (result.pendingJobs
          ? ` ${result.pendingJobs} background job(s) waiting in the old queue (mails not yet sent) were not moved.`
          : ""),
    );
  } catch (error) {
    await database.close().catch(() => {});
    await embedded.stop();
    // The half-made cluster goes, so that the next start tries again from the untouched PGlite directory.
    rmSync(path.join(dataDir, "postgres"), { recursive: true, force: true });
    throw new EmbeddedServerError(
      `Could not move the PGlite database in ${dataDir}/pglite to the embedded PostgreSQL server (${(error as Error).message}); it is untouched: see "Moving from PGlite" in docs/operations.md`,
    );
  }
}
