// Two builds of the API side by side on the seed that `bench:task` kept (BENCH_KEEP=1, PostgreSQL), measured in
// alternating rounds, so that a busy machine weighs on both alike: per round and build, the CPU per request of the
// API process and of the database's backends, at a few connections (no queueing to speak of).
//
//   BENCH_AB_BUNDLES=apps/api/dist/server-before.js,apps/api/dist/server.js npm run bench:task-ab -w @tasuki/bench
//
// Settings (environment): BENCH_AB_BUNDLES (two or more bundles beside dist/server.js, so that their packages
// resolve), BENCH_AB_ROUNDS (4), BENCH_DURATION (s per measurement, 5), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (8),
// BENCH_PG_URL and BENCH_PG_DATABASE as for bench:task. Results: bench/results/task-ab-<date>.json.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cpuTimeMs, cpuTimesMs, formatTable, root, round, startServer } from "./lib.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const bundles = (process.env.BENCH_AB_BUNDLES ?? "apps/api/dist/server-before.js,apps/api/dist/server.js").split(",");
const rounds = num("BENCH_AB_ROUNDS", 4);
const durationS = num("BENCH_DURATION", 5);
const warmupS = num("BENCH_WARMUP", 2);
const connections = num("BENCH_CONNECTIONS", 8);
const pgAdminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const pgDatabase = process.env.BENCH_PG_DATABASE ?? "tasuki_bench_tasks";

const keptFile = path.join(os.tmpdir(), "tasuki-bench-task-kept-postgres.json");
if (!existsSync(keptFile)) {
  console.error(`bench: no kept PostgreSQL seed (${keptFile}): run bench:task once with BENCH_KEEP=1`);
  process.exit(2);
}
const kept = JSON.parse(readFileSync(keptFile, "utf8")) as {
  dataDir: string;
  summary: { workspaceId: string; sampleMemberEmail: string; password: string };
};

const databaseUrl = new URL(pgAdminUrl);
databaseUrl.pathname = `/${pgDatabase}`;
const backendPids = () =>
  execFileSync("psql", [pgAdminUrl, "-qAtc", `select pid from pg_stat_activity where datname = '${pgDatabase}'`], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean)
    .map(Number);

const cleanups: (() => void)[] = [];

interface Sample {
  bundle: string;
  scenario: string;
  round: number;
  requestsPerSec: number;
  apiCpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
  loadAverage: number;
}

try {
  const authSecret = randomBytes(36).toString("base64url");
  const servers = [];
  for (const bundle of bundles) {
    const server = await startServer(
      { DATABASE_URL: databaseUrl.toString(), DATA_DIR: kept.dataDir, AUTH_SECRET: authSecret },
      cleanups,
      90_000,
      path.resolve(root, bundle),
    );
    const login = await fetch(`${server.base}/app/auth/login-with-email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: kept.summary.sampleMemberEmail, password: kept.summary.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    servers.push({ bundle, server, headers: { authorization: `Bearer ${token}` } });
  }
  const ws = kept.summary.workspaceId;
  const scenarios: [string, string][] = [
    ["task/me/list", `/app/task/me/list?workspace_id=${ws}`],
    ["task/list tab=group", `/app/task/list?workspace_id=${ws}&tab=group`],
  ];
  const samples: Sample[] = [];
  for (let r = 1; r <= rounds; r++) {
    // Alternate which build goes first, so that neither always follows the other.
    const order = r % 2 ? servers : [...servers].reverse();
    for (const { bundle, server, headers } of order) {
      for (const [scenario, url] of scenarios) {
        const options = { url: server.base + url, connections, headers };
        await autocannon({ ...options, duration: warmupS });
        const loadAverage = round(os.loadavg()[0] ?? 0, 2);
        const database = cpuTimesMs(backendPids());
        const api = cpuTimeMs(server.child.pid!)!;
        const run = await autocannon({ ...options, duration: durationS });
        const apiMs = cpuTimeMs(server.child.pid!)! - api;
        let databaseMs = 0;
        for (const [pid, after] of cpuTimesMs([...database.keys()])) databaseMs += after - database.get(pid)!;
        if (run.non2xx || run.errors)
          throw new Error(`${bundle} ${scenario}: ${run.non2xx} non-2xx, ${run.errors} errors`);
        samples.push({
          bundle,
          scenario,
          round: r,
          requestsPerSec: round(run.requests.average, 1),
          apiCpuMsPerRequest: round(apiMs / run.requests.total, 2),
          databaseCpuMsPerRequest: round(databaseMs / run.requests.total, 2),
          loadAverage,
        });
        console.log(JSON.stringify(samples.at(-1)));
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const rows: (string | number)[][] = [
    ["bundle", "scenario", "API CPU ms/req (rounds)", "median", "DB CPU ms/req (rounds)", "median", "req/s median"],
  ];
  for (const { bundle } of servers) {
    for (const [scenario] of scenarios) {
      const mine = samples.filter((s) => s.bundle === bundle && s.scenario === scenario);
      rows.push([
        bundle,
        scenario,
        mine.map((s) => s.apiCpuMsPerRequest).join(" "),
        median(mine.map((s) => s.apiCpuMsPerRequest)),
        mine.map((s) => s.databaseCpuMsPerRequest).join(" "),
        median(mine.map((s) => s.databaseCpuMsPerRequest)),
        median(mine.map((s) => s.requestsPerSec)),
      ]);
    }
  }
  console.log(formatTable(rows));
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `task-ab-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "task-ab", date: new Date().toISOString(), bundles, rounds, durationS, connections, samples }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
} finally {
  for (const cleanup of cleanups) cleanup();
}
