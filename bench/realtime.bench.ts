// Realtime (/app/realtime): how long a committed change takes to reach the connected clients, and what open
// connections cost the server.
//   - latency: 500 clients (500 different members of one workspace, each authenticated and subscribed), a public
//     task renamed through the API every 250 ms, 40 times; for each event and client the time from the trigger's
//     timestamp (`at`, taken inside the writing transaction, just before its commit) to the message's arrival,
//     and from the PATCH's response to the arrival. One instance (PGlite, then PostgreSQL), and two instances on
//     one PostgreSQL with the changes made through one and every client connected to the other (NOTIFY between
//     the two processes' LISTEN connections).
//   - memory: the server's resident memory idle, then with 1,000 open authenticated, subscribed connections.
//
//   npm run bench:realtime -w @tasuki/bench     (build the API first: npm run build -w @tasuki/api)
//
//   - bulk: one UPDATE statement of 10,000 public tasks (as a job would write) with 20 clients connected: the
//     statement's time, the time until every client got all 10,000 events, and /healthz answering meanwhile.
//
// Settings (environment): BENCH_CLIENTS (500), BENCH_EVENTS (40), BENCH_INTERVAL_MS (250), BENCH_MEMORY_CLIENTS
// (1000), BENCH_BULK_ROWS (10000), BENCH_BULK_CLIENTS (20), BENCH_SETUPS ("pglite,postgres,postgres-2"),
// BENCH_PG_URL (admin URL).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { authSessions } from "../apps/api/src/db/schema/auth.ts";
import { tasks } from "../apps/api/src/db/schema/tasks.ts";
import { users } from "../apps/api/src/db/schema/users.ts";
import { workspaces, workspaceUsers } from "../apps/api/src/db/schema/workspaces.ts";
import { deriveKeys, signAccessToken, signRealtimeToken } from "../apps/api/src/lib/tokens.ts";
import { RealtimeTestClient } from "../apps/api/src/realtime/realtime-test-client.ts";
import { formatTable, memoryOf, prepareDatabase, root, round, sleep, startServer } from "./lib.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  clients: num("BENCH_CLIENTS", 500),
  events: num("BENCH_EVENTS", 40),
  intervalMs: num("BENCH_INTERVAL_MS", 250),
  memoryClients: num("BENCH_MEMORY_CLIENTS", 1000),
  bulkRows: num("BENCH_BULK_ROWS", 10_000),
  bulkClients: num("BENCH_BULK_CLIENTS", 20),
  setups: (process.env.BENCH_SETUPS ?? "pglite,postgres,postgres-2").split(",").map((name) => name.trim()),
};
if (!existsSync(path.join(root, "apps/api/dist/server.js"))) {
  console.error("bench: apps/api/dist/server.js is missing: build the API first (npm run build -w @tasuki/api)");
  process.exit(2);
}

interface World {
  workspaceId: string;
  taskId: string;
  ownerAccess: string;
  realtimeTokens: string[];
}

/** A workspace with an owner and `members` members, each with a live session; its tokens signed with the secret. */
async function seed(env: Record<string, string>, members: number, secret: string): Promise<World> {
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    const now = new Date();
    const keys = deriveKeys(secret);
    const workspaceId = uuidv7();
    const people = Array.from({ length: members + 1 }, (_, i) => ({
      userId: uuidv7(),
      staffId: uuidv7(),
      sessionId: uuidv7(),
      role: i === 0 ? ("owner" as const) : ("member" as const),
      email: `rt${i}.${randomBytes(3).toString("hex")}@bench-realtime.example`,
    }));
    await database.db
      .insert(workspaces)
      .values({ id: workspaceId, name: "リアルタイム検証株式会社", code: `rt-${randomBytes(4).toString("hex")}` });
    for (let i = 0; i < people.length; i += 500) {
      const chunk = people.slice(i, i + 500);
      await database.db
        .insert(users)
        .values(chunk.map((p) => ({ id: p.userId, email: p.email, lastName: "検証", firstName: `${i}` })));
      await database.db.insert(workspaceUsers).values(
        chunk.map((p, j) => ({
          id: p.staffId,
          workspaceId,
          userId: p.userId,
          role: p.role,
          status: "active" as const,
          email: p.email,
          lastName: "検証",
          firstName: `${i + j}`,
          joinedAt: now,
        })),
      );
      await database.db.insert(authSessions).values(
        chunk.map((p) => ({
          id: p.sessionId,
          userId: p.userId,
          method: "password",
          expiresAt: new Date(now.getTime() + 86_400_000),
        })),
      );
    }
    const taskId = uuidv7();
    await database.db
      .insert(tasks)
      .values({ id: taskId, workspaceId, title: "全社共有タスク", isPublic: true, createdBy: people[0]!.staffId });
    const owner = people[0]!;
    await database.db.execute(
      sql`insert into tasks (id, workspace_id, title, is_public, created_by)
          select gen_random_uuid(), ${workspaceId}, '一括検証 ' || g, true, ${owner.staffId}
          from generate_series(1, ${settings.bulkRows}) g`,
    );
    return {
      workspaceId,
      taskId,
      ownerAccess: await signAccessToken(keys, owner.userId, owner.sessionId, now),
      realtimeTokens: await Promise.all(
        people.slice(1).map((p) => signRealtimeToken(keys, p.userId, p.sessionId, now)),
      ),
    };
  } finally {
    await database.close();
  }
}

async function connectAll(base: string, tokens: string[], workspaceId: string): Promise<RealtimeTestClient[]> {
  const clients: RealtimeTestClient[] = [];
  // 50 at a time: a burst of 1,000 handshakes at once measures the accept queue, not the product.
  for (let i = 0; i < tokens.length; i += 50) {
    clients.push(
      ...(await Promise.all(
        tokens.slice(i, i + 50).map((token) => RealtimeTestClient.connect(base, token, [workspaceId], 60_000)),
      )),
    );
  }
  return clients;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

interface LatencyResult {
  setup: string;
  clients: number;
  events: number;
  delivered: number;
  expected: number;
  fromCommitMs: { p50: number; p99: number; max: number };
  fromResponseMs: { p50: number; p99: number; max: number };
  serverRssMb: number | null;
}

async function measureLatency(
  setup: string,
  writeBase: string,
  readBase: string,
  readPid: number,
  world: World,
): Promise<LatencyResult> {
  const clients = await connectAll(readBase, world.realtimeTokens.slice(0, settings.clients), world.workspaceId);
  const fromCommit: number[] = [];
  const fromResponse: number[] = [];
  let responseAt = 0;
  let delivered = 0;
  for (const client of clients) {
    client.onEvent = (message) => {
      if (message.entity !== "task" || message.id !== world.taskId) return;
      const now = Date.now();
      delivered += 1;
      fromCommit.push(now - Date.parse(message.at!));
      if (responseAt) fromResponse.push(now - responseAt);
    };
  }
  for (let i = 0; i < settings.events; i++) {
    const target = delivered + clients.length;
    responseAt = 0;
    const response = await fetch(`${writeBase}/app/task/${world.taskId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${world.ownerAccess}` },
      body: JSON.stringify({ title: `全社共有タスク ${i + 1}` }),
    });
    responseAt = Date.now();
    if (!response.ok) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    const deadline = Date.now() + 10_000;
    while (delivered < target && Date.now() < deadline) await sleep(5);
    await sleep(settings.intervalMs);
  }
  const rss = memoryOf(readPid)?.rssMb ?? null;
  for (const client of clients) client.close();
  await sleep(500);
  const a = fromCommit.sort((x, y) => x - y);
  const b = fromResponse.sort((x, y) => x - y);
  return {
    setup,
    clients: clients.length,
    events: settings.events,
    delivered,
    expected: settings.events * clients.length,
    fromCommitMs: { p50: percentile(a, 50), p99: percentile(a, 99), max: a.at(-1) ?? Number.NaN },
    fromResponseMs: { p50: percentile(b, 50), p99: percentile(b, 99), max: b.at(-1) ?? Number.NaN },
    serverRssMb: rss,
  };
}

interface BulkResult {
  setup: string;
  rows: number;
  clients: number;
  statementMs: number;
  allDeliveredMs: number;
  delivered: number;
  expected: number;
  healthzDuringMs: number;
}

/** One UPDATE of every bulk task, straight in the database (as a job would write), with a few clients listening. */
async function measureBulk(
  setup: string,
  base: string,
  env: Record<string, string>,
  world: World,
): Promise<BulkResult> {
  const clients = await connectAll(base, world.realtimeTokens.slice(0, settings.bulkClients), world.workspaceId);
  let delivered = 0;
  for (const client of clients) {
    client.onEvent = (message) => {
      if (message.entity === "task" && message.action === "updated") delivered += 1;
    };
  }
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  const expected = settings.bulkRows * clients.length;
  try {
    const started = Date.now();
    await database.db.execute(
      sql`update tasks set priority = 'high' where workspace_id = ${world.workspaceId} and title like '一括検証 %'`,
    );
    const statementMs = Date.now() - started;
    const probe = Date.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    const healthzDuringMs = Date.now() - probe;
    const deadline = Date.now() + 120_000;
    while (delivered < expected && Date.now() < deadline) await sleep(10);
    return {
      setup,
      rows: settings.bulkRows,
      clients: clients.length,
      statementMs,
      allDeliveredMs: Date.now() - started,
      delivered,
      expected,
      healthzDuringMs,
    };
  } finally {
    await database.close();
    for (const client of clients) client.close();
    await sleep(500);
  }
}

interface MemoryResult {
  setup: string;
  idleRssMb: number | null;
  openConnections: number;
  withConnectionsRssMb: number | null;
  perConnectionKb: number | null;
}

async function measureMemory(setup: string, base: string, pid: number, world: World): Promise<MemoryResult> {
  await sleep(1_000);
  const idle = memoryOf(pid)?.rssMb ?? null;
  const clients = await connectAll(base, world.realtimeTokens.slice(0, settings.memoryClients), world.workspaceId);
  await sleep(2_000);
  const loaded = memoryOf(pid)?.rssMb ?? null;
  for (const client of clients) client.close();
  await sleep(500);
  return {
    setup,
    idleRssMb: idle,
    openConnections: clients.length,
    withConnectionsRssMb: loaded,
    perConnectionKb: idle !== null && loaded !== null ? round(((loaded - idle) * 1024) / clients.length, 1) : null,
  };
}

async function main(): Promise<void> {
  const latency: LatencyResult[] = [];
  const memory: MemoryResult[] = [];
  const bulk: BulkResult[] = [];
  const notes: string[] = [];
  const members = Math.max(settings.clients, settings.memoryClients);
  for (const setup of settings.setups) {
    const cleanups: (() => void)[] = [];
    try {
      const wanted = setup.startsWith("postgres") ? "postgres" : "pglite";
      if (wanted === "pglite") process.env.BENCH_DATABASE = "pglite";
      else delete process.env.BENCH_DATABASE;
      const prepared = prepareDatabase(cleanups, "realtime");
      if (prepared.database !== wanted) {
        notes.push(`${setup} skipped: ${prepared.note ?? "database unavailable"}`);
        continue;
      }
      const secret = randomBytes(36).toString("base64url");
      const env = { ...prepared.env, AUTH_SECRET: secret };
      console.log(`${setup}: seeding ${members} members…`);
      const world = await seed(env, members, secret);
      const first = await startServer(env, cleanups);
      if (setup === "postgres-2") {
        const second = await startServer(env, cleanups);
        console.log(`${setup}: ${settings.clients} clients on instance B, changes through instance A…`);
        latency.push(await measureLatency(setup, first.base, second.base, second.child.pid!, world));
      } else {
        console.log(`${setup}: memory with ${settings.memoryClients} connections…`);
        memory.push(await measureMemory(setup, first.base, first.child.pid!, world));
        console.log(`${setup}: ${settings.clients} clients…`);
        latency.push(await measureLatency(setup, first.base, first.base, first.child.pid!, world));
        // PGlite is the server's own database: a second process cannot open it.
        if (setup === "postgres") {
          console.log(`${setup}: one statement changing ${settings.bulkRows} tasks…`);
          bulk.push(await measureBulk(setup, first.base, env, world));
        }
      }
    } catch (error) {
      notes.push(`${setup} failed: ${(error as Error).message}`);
      console.error(error);
    } finally {
      for (const cleanup of cleanups) cleanup();
      await sleep(500);
    }
  }

  console.log("\nEvent latency (ms), a public task renamed through the API, every client a different member:");
  console.log(
    formatTable([
      ["setup", "clients", "events", "delivered", "commit→client p50", "p99", "max", "response→client p50", "p99"],
      ...latency.map((r) => [
        r.setup,
        r.clients,
        r.events,
        `${r.delivered}/${r.expected}`,
        r.fromCommitMs.p50,
        r.fromCommitMs.p99,
        r.fromCommitMs.max,
        r.fromResponseMs.p50,
        r.fromResponseMs.p99,
      ]),
    ]),
  );
  console.log("\nServer memory (VmRSS, MiB):");
  console.log(
    formatTable([
      ["setup", "idle", "open connections", "with connections", "per connection (KiB)"],
      ...memory.map((r) => [
        r.setup,
        r.idleRssMb ?? "-",
        r.openConnections,
        r.withConnectionsRssMb ?? "-",
        r.perConnectionKb ?? "-",
      ]),
    ]),
  );
  console.log("\nOne statement changing many tasks:");
  console.log(
    formatTable([
      ["setup", "rows", "clients", "statement ms", "all delivered ms", "delivered", "/healthz meanwhile ms"],
      ...bulk.map((r) => [
        r.setup,
        r.rows,
        r.clients,
        r.statementMs,
        r.allDeliveredMs,
        `${r.delivered}/${r.expected}`,
        r.healthzDuringMs,
      ]),
    ]),
  );
  for (const note of notes) console.log(`note: ${note}`);

  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `realtime-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((v) => round(v, 2)), node: process.version },
        settings,
        latency,
        memory,
        bulk,
        notes,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten ${path.relative(root, file)}`);
}

await main();
