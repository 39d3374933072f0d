// The organisation reads of a large customer: 2,000 staff in 300 groups (4 layers), on PostgreSQL unless
// BENCH_DATABASE=pglite. Seeds through the public API (bench/org-chart-seed.ts), then measures the staff
// list (first page, a name search, a group filter sorted by kana) and the group tree (with and without
// members) with autocannon, and writes bench/results/org-<date>.json.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { formatTable, prepareDatabase, root, round, startServer } from "./lib.ts";
import { bigOrganisation, seedOrganisation, signUpOwner } from "./org-chart-seed.ts";

const durationS = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const cleanups: (() => void)[] = [];

if (!existsSync(path.join(root, "apps/api/dist/server.js"))) {
  console.error("bench: apps/api/dist/server.js is missing: build the API first (npm run build)");
  process.exit(2);
}

async function main(): Promise<void> {
  const { database, env, note } = prepareDatabase(cleanups, "org");
  if (note) console.log(`bench: ${note}; using PGlite`);
  const server = await startServer(env, cleanups);
  const session = await signUpOwner(server.base, "大規模テスト株式会社", `org.bench.${Date.now()}@example.co.jp`);
  const org = bigOrganisation(2000);
  const seeded = await seedOrganisation(session, org.layers, org.groups, { emailDomain: "org.bench.example.co.jp" });
  console.log(`bench: ${database}, ${org.groups.length} groups, ${seeded.staffCount} staff`);

  const ws = session.workspaceId;
  const someGroup = [...seeded.groupIds.values()][Math.floor(seeded.groupIds.size / 2)]!;
  const scenarios: [string, string][] = [
    ["staff list, page 1 (50)", `/app/workspace-user/list?workspace_id=${ws}&page=1&per_page=50`],
    ["staff list, search 「田」", `/app/workspace-user/list?workspace_id=${ws}&q=${encodeURIComponent("田")}`],
    ["staff list, group + kana sort", `/app/workspace-user/list?workspace_id=${ws}&group_id=${someGroup}&sort=kana`],
    ["group tree", `/app/group/topdown/list-all?workspace_id=${ws}`],
    ["group tree with members", `/app/group/topdown/list-all?workspace_id=${ws}&include_members=true`],
  ];
  const rows: (string | number)[][] = [["scenario", "req/s", "p50 ms", "p99 ms", "non-2xx"]];
  const results = [];
  for (const [name, url] of scenarios) {
    const headers = { authorization: `Bearer ${session.token}` };
    await autocannon({ url: server.base + url, connections, duration: 2, headers });
    const run = await autocannon({ url: server.base + url, connections, duration: durationS, headers });
    rows.push([name, round(run.requests.average, 1), run.latency.p50, run.latency.p99, run.non2xx]);
    results.push({
      name,
      url,
      requestsPerSec: round(run.requests.average, 1),
      latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
      non2xx: run.non2xx,
      errors: run.errors,
    });
  }
  console.log(formatTable(rows));
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `org-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "org", database, connections, durationS, loadAverage: os.loadavg()[0], groups: org.groups.length, staff: seeded.staffCount, results }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups) cleanup();
}
