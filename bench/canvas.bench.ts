// Org chart benchmark: first render of /organization/canvas in Chromium for a workspace with 300 groups in
// 4 layers and 2,000 staff, and how smooth zooming stays there.
//
//   npm run bench:canvas -w @tasuki/bench     (build first: npm run build)
//
// Starts the built server (apps/api/dist/server.js, which serves apps/web/dist) on PostgreSQL (a new database,
// dropped afterwards; PGlite when psql cannot make one or BENCH_DATABASE=pglite), seeds the workspace through
// the public API (bench/org-chart-seed.ts), signs the owner in through the login page, then loads the canvas
// BENCH_RUNS times (5) and reads when the chart said it was drawn: the page sets data-ready and the
// performance mark "org-canvas-ready" once every group in view is in the DOM and one more frame has passed.
// Settings: BENCH_RUNS, BENCH_DATABASE (postgres | pglite), BENCH_PG_URL (admin URL, postgres://postgres@127.0.0.1:5432/postgres),
// CHROMIUM_PATH (/usr/bin/chromium).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { formatTable, prepareDatabase, root, round, runBench, startServer } from "./lib.ts";
import { bigOrganisation, seedOrganisation, signUpOwner } from "./org-chart-seed.ts";

const serverJs = path.join(root, "apps/api/dist/server.js");
const webIndex = path.join(root, "apps/web/dist/index.html");
const resultsDir = path.join(root, "bench/results");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const cleanups: (() => void)[] = [];

if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  console.error("bench: BENCH_RUNS must be an integer from 1 to 50");
  process.exit(2);
}
for (const [file, what] of [
  [serverJs, "the API bundle"],
  [webIndex, "the web app"],
] as const) {
  if (!existsSync(file)) {
    console.error(`bench: ${path.relative(root, file)} is missing: build ${what} first (npm run build)`);
    process.exit(2);
  }
}
if (!existsSync(chromiumPath)) {
  console.error(`bench: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  process.exit(2);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Milliseconds of GET list-all with members, as the server answers it (no browser). */
async function treeLatency(base: string, token: string, workspaceId: string, count: number) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(
      `${base}/app/group/topdown/list-all?workspace_id=${workspaceId}&include_members=true`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`list-all answered ${response.status}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  return { p50: round(median(times), 1), p99: round(percentile(times, 99), 1), bytes };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const { database, env, note } = prepareDatabase(cleanups, "canvas");
  if (note) console.log(`bench: ${note}; using PGlite`);
  const server = await startServer(env, cleanups);
  console.log(`bench: server on ${server.base} (${database})`);

  const seedStarted = performance.now();
  const session = await signUpOwner(server.base, "大規模テスト株式会社", `canvas.bench.${Date.now()}@example.co.jp`);
  const org = bigOrganisation(2000);
  const seeded = await seedOrganisation(session, org.layers, org.groups, { emailDomain: "bench.example.co.jp" });
  const seedMs = performance.now() - seedStarted;
  console.log(
    `bench: seeded ${org.groups.length} groups and ${seeded.staffCount} staff in ${round(seedMs / 1000, 1)} s`,
  );

  const tree = await treeLatency(server.base, session.token, session.workspaceId, 20);

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  cleanups.unshift(() => void browser.close());
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  await page.goto(`${server.base}/auth`);
  await page.getByLabel("メールアドレス").fill(session.email);
  await page.getByLabel("パスワード", { exact: true }).fill(session.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL(/\/task/, { timeout: 90_000 });

  const canvasUrl = `${server.base}/organization/canvas?workspace_id=${session.workspaceId}`;
  type Run = { readyMs: number; treeResponseMs: number; nodes: number; domElements: number; heapMb: number | null };
  const measure = async (): Promise<Run> => {
    await page.goto(canvasUrl);
    await page.waitForSelector("[data-ready=true]", { timeout: 60_000 });
    return page.evaluate(() => {
      const ready = performance.getEntriesByName("org-canvas-ready")[0];
      const treeEntry = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/app/group/topdown/list-all")) as PerformanceResourceTiming | undefined;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return {
        readyMs: ready ? ready.startTime : Number.NaN,
        treeResponseMs: treeEntry ? treeEntry.responseEnd : Number.NaN,
        nodes: document.querySelectorAll(".react-flow__node").length,
        domElements: document.getElementsByTagName("*").length,
        heapMb: memory ? Math.round(memory.usedJSHeapSize / 1048576) : null,
      };
    });
  };

  // The first load after signing in fetches the chart's code; the ones after it find it in the HTTP cache.
  const cold = await measure();
  const warm: Run[] = [];
  for (let i = 0; i < runs; i++) warm.push(await measure());

  // Smoothness: zoom in and out with the wheel over the whole chart (300 groups on screen at the start) and
  // time the frames while it happens.
  const frames = await (async () => {
    const box = await page.locator(".react-flow__pane").boundingBox();
    if (!box) return null;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__frames = [];
      w.__stop = false;
      let last = performance.now();
      const tick = (now: number) => {
        w.__frames.push(now - last);
        last = now;
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    for (let i = 0; i < 24; i++) {
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(30);
    }
    for (let i = 0; i < 24; i++) {
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(30);
    }
    const times = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__stop = true;
      return w.__frames.slice(1);
    });
    return {
      frames: times.length,
      p50: round(median(times), 1),
      p95: round(percentile(times, 95), 1),
      max: round(Math.max(...times), 1),
      over50ms: times.filter((time) => time > 50).length,
    };
  })();

  await browser.close();

  const readyTimes = warm.map((run) => run.readyMs);
  const result = {
    benchmark: "canvas",
    startedAt: startedAt.toISOString(),
    commit: (() => {
      try {
        return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
      } catch {
        return null;
      }
    })(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "",
      loadAverage: os.loadavg().map((v) => round(v, 2)),
    },
    database,
    workspace: { groups: org.groups.length, layers: org.layers, staff: seeded.staffCount },
    seedSeconds: round(seedMs / 1000, 1),
    treeApi: tree,
    firstRender: {
      coldMs: round(cold.readyMs),
      warmMedianMs: round(median(readyTimes)),
      warmMinMs: round(Math.min(...readyTimes)),
      warmMaxMs: round(Math.max(...readyTimes)),
      treeResponseMedianMs: round(median(warm.map((run) => run.treeResponseMs))),
      runs: warm.map((run) => ({ ...run, readyMs: round(run.readyMs), treeResponseMs: round(run.treeResponseMs) })),
    },
    zoomFrames: frames,
    pageErrors,
    serverLog: server.lines.filter((line) => !line.startsWith("Tasuki is running") && line.trim()).slice(-20),
  };

  console.log("");
  console.log(
    formatTable([
      ["measure", "value"],
      ["groups / layers / staff", `${org.groups.length} / ${org.layers.length} / ${seeded.staffCount}`],
      ["database", database],
      ["list-all?include_members p50 / p99 ms (server, no browser)", `${tree.p50} / ${tree.p99}`],
      ["list-all body", `${round(tree.bytes / 1024)} KiB`],
      ["first render, cold cache (navigation → drawn) ms", round(cold.readyMs)],
      [`first render, warm, median of ${runs} ms`, round(median(readyTimes))],
      ["first render, warm, min / max ms", `${round(Math.min(...readyTimes))} / ${round(Math.max(...readyTimes))}`],
      ["  of which until the tree arrived (median) ms", round(median(warm.map((run) => run.treeResponseMs)))],
      ["groups in the DOM at first render", warm[0]?.nodes ?? 0],
      ["DOM elements / JS heap MiB", `${warm[0]?.domElements ?? 0} / ${warm[0]?.heapMb ?? "–"}`],
      [
        "zoom: frames, p50 / p95 / max frame ms, frames > 50 ms",
        frames ? `${frames.frames}, ${frames.p50} / ${frames.p95} / ${frames.max}, ${frames.over50ms}` : "–",
      ],
      [
        "load average at the end",
        os
          .loadavg()
          .map((v) => round(v, 2))
          .join(" "),
      ],
    ]),
  );
  if (pageErrors.length) console.log(`\npage errors:\n${pageErrors.join("\n")}`);

  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `canvas-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nbench: results in ${path.relative(root, file)}`);
  if (pageErrors.length) process.exitCode = 1;
}

await runBench(main, cleanups);
