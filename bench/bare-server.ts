// The yardstick of the API benchmarks: a bare Fastify server (the API's own copy of Fastify, no plugins, no
// authentication, no database) answering fixed JSON bodies, in its own process like the API server.
//
//   node bare-server.ts <file>   the file holds {"/path": <body>, …}; the server prints its port when listening.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const bodies = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [url, body] of Object.entries(bodies)) {
  // The body is serialised on every request, as the API serialises each answer.
  app.get(url, async () => body);
}
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(typeof address === "object" && address ? address.port : 0);
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
