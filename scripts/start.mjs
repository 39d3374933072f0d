// `npm start`: install what is missing, build what changed, then serve the web app and the API on one port.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuilt, ensureInstalled, nodeBin, projectEnv, root } from "./lib/bootstrap.mjs";

ensureInstalled();
ensureBuilt();

// The IPC channel is the server's tie to this process: if this one dies (even by kill -9), the channel closes and
// the server shuts down (and with it the embedded PostgreSQL server) instead of living on as an orphan.
const server = spawn(nodeBin, ["--enable-source-maps", path.join(root, "apps/api/dist/server.js")], {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: projectEnv({ NODE_ENV: process.env.NODE_ENV ?? "development" }),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// `npm start` is npm → sh → this process; a SIGTERM to npm ends npm and sh but is not passed on, leaving this one
// orphaned (re-parented). Noticing the new parent, it stops the server as if it had been sent SIGTERM itself.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill("SIGTERM");
}, 500).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
