// The API's resident memory under overload (issue 23): 200 connections on a task list of the embedded default,
// where most answers are the overload guard's immediate 503s, then a minute of quiet. A refused request should
// cost almost nothing, so the memory should hardly move. Figures: bench/README.md "Memory under overload".
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { memoryOf, root, round, runBench, sleep, startServer } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  connections: num("BENCH_CONNECTIONS", 200),
  durationS: num("BENCH_DURATION", 30),
  quietS: num("BENCH_QUIET", 60),
  tasks: num("BENCH_TASKS", 20_000),
  /** Extra environment of the server, `NAME=value,NAME=value` (A/B runs: LOG_LEVEL=error). */
  serverEnv: Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  ),
};

const cleanups: (() => unknown)[] = [];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-overload-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await openConfiguredDatabase({ dataDir });
  const password = "Bench-Overload-2026";
  let email: string;
  let workspaceId: string;
  try {
    const summary = await fillSampleCompany(database.db, {
      companyName: "負荷検証株式会社",
      workspaceCode: "bench-overload",
      emailDomain: "bench-overload.example",
      ownerEmail: "owner@bench-overload.example",
      password,
      staff: 300,
      projects: 30,
      tasks: settings.tasks,
      now: new Date("2026-11-20T01:00:00Z"),
    });
    await database.db.execute(sql`vacuum analyze`);
    email = summary.sampleMemberEmail;
    console.log(`bench: ${summary.staff} staff, ${summary.tasks} tasks in workspace ${summary.workspaceId}`);
    workspaceId = summary.workspaceId;
  } finally {
    await database.close();
  }

  const server = await startServer({ DATA_DIR: dataDir, ...settings.serverEnv }, cleanups);
  const pid = server.child.pid as number;
  const login = await fetch(`${server.base}/app/auth/login-with-email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const url = `${server.base}/app/task/me/list?workspace_id=${workspaceId}`;
  const headers = { authorization: `Bearer ${access_token}` };
  // A few quiet requests, so that the idle figure is that of a server that has answered this list.
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  await sleep(2000);
  const idle = memoryOf(pid);

  const samples: { s: number; rssMb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const m = memoryOf(pid);
    if (m) samples.push({ s: round((Date.now() - started) / 1000, 1), rssMb: m.rssMb });
  }, 500);
  const loadAverage = round(os.loadavg()[0] ?? 0, 1);
  const run = await autocannon({ url, headers, connections: settings.connections, duration: settings.durationS });
  const endOfLoad = memoryOf(pid);
  const after: Record<string, number | null> = {};
  for (const wait of [10, 30, settings.quietS]) {
    await sleep((wait - Object.keys(after).reduce((s, k) => Math.max(s, Number(k)), 0)) * 1000);
    after[wait] = memoryOf(pid)?.rssMb ?? null;
  }
  clearInterval(sampler);

  const result = {
    date: new Date().toISOString(),
    bundle: process.env.BENCH_SERVER_JS ?? "apps/api/dist/server.js",
    settings,
    loadAverage,
    answers: { total: run.requests.total, non2xx: run.non2xx, errors: run.errors, timeouts: run.timeouts },
    ok: run["2xx"],
    latencyMs: { p50: run.latency.p50, p99: run.latency.p99, max: run.latency.max },
    rssMb: { idle: idle?.rssMb, endOfLoad: endOfLoad?.rssMb, peak: endOfLoad?.peakMb, after },
    serverLogLines: server.lines.length,
    /** The server's last lines (the last warnings of the overload guard). */
    serverTail: server.lines.slice(-4),
    samples,
  };
  console.log(JSON.stringify({ ...result, samples: undefined }, null, 2));
  const file = path.join(root, "bench/results", `overload-memory-${result.date.slice(0, 19).replace(/:/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`bench: written to ${path.relative(root, file)}`);
}

await runBench(main, cleanups);
