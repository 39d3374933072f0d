/**
 * An owner of the embedded server for src/db/embedded-server.test.ts: starts it on DATA_DIR, prints one JSON line
 * `{pid, port, url}` and waits until it is killed, as the API process would.
 */
import { startEmbeddedServer } from "../src/db/embedded-server.ts";

const server = await startEmbeddedServer({ dataDir: process.env.DATA_DIR!, ephemeral: true });
process.stdout.write(`${JSON.stringify({ pid: server.pid, port: server.port, url: server.url })}\n`);
setInterval(() => {}, 60_000);
