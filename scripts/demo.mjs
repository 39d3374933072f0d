// `npm run demo`: a sample company in the database `npm start` uses. Runs on whatever Node the machine has
// (20 on a fresh machine), installs the project's Node 24 like `npm start`, and hands over to bench/demo.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureInstalled, nodeBin, projectEnv, root } from "./lib/bootstrap.mjs";

ensureInstalled();
const result = spawnSync(
  nodeBin,
  ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", path.join(root, "bench/demo.ts")],
  { cwd: root, stdio: "inherit", env: projectEnv() },
);
process.exit(result.status ?? 1);
