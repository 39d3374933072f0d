// The task list page in Chromium with 10,000 tasks in one tab: how long /task/me takes to show its first rows
// and its whole list, how smooth scrolling through it all stays, and the page's memory, on PostgreSQL and on
// the embedded PostgreSQL.
//
//   npm run bench:task-render -w @tasuki/bench     (build first: npm run build)
//
// For each database it writes the workspace of bench:task (1,000 staff, 200 projects, 100,000 tasks, with
// bench/sample-company.ts), then gives the sample member (an ordinary member of a 課) 10,000 live tasks: theirs,
// then their 課's, then others', reassigned to them in one UPDATE. It starts the built server on it (PostgreSQL: a
// new database on BENCH_PG_URL, dropped at the end; embedded: a new DATA_DIR), signs the member in through the
// login page of Debian Chromium and loads /task/me: once with the browser's HTTP cache emptied (cold), then
// BENCH_RUNS times (5, warm). In each load a script installed before the page's own reads, on every animation
// frame, when the first task row is in the DOM and when the list is complete (the header says 「タスク名
// （10,000件）」 and the 「… / 10,000件を読み込み中…」 progress is gone), both from navigation start. Then it scrolls
// the whole list (BENCH_SCROLL_STEP px per frame, 480 = ten rows) timing the frames, beside 300 frames at a
// wheel's pace (120 px per frame) and 120 frames of the page left alone (the machine's own noise), reads the JS
// heap, and takes one more load and 300 frames of scrolling under the V8 CPU profiler to say where the time goes.
//
// Settings: BENCH_DATABASES ("postgres,embedded"; any name but postgres runs the embedded default in a new
// DATA_DIR), BENCH_RUNS (5), BENCH_VISIBLE (10000), BENCH_STAFF /
// BENCH_PROJECTS / BENCH_TASKS (1000 / 200 / 100000), BENCH_SCROLL_STEP (480), BENCH_PG_URL (admin URL,
// postgres://postgres@127.0.0.1:5432/postgres), CHROMIUM_PATH (/usr/bin/chromium), BENCH_PROFILE (1; 0 skips the
// CPU profiles).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { formatTable, psql, root, round, runBench, startServer } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  databases: (process.env.BENCH_DATABASES ?? "postgres,embedded").split(",").map((name) => name.trim()),
  runs: num("BENCH_RUNS", 5),
  visible: num("BENCH_VISIBLE", 10_000),
  staff: num("BENCH_STAFF", 1000),
  projects: num("BENCH_PROJECTS", 200),
  tasks: num("BENCH_TASKS", 100_000),
  scrollStep: num("BENCH_SCROLL_STEP", 480),
  profile: process.env.BENCH_PROFILE !== "0",
};
const pgAdminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const serverJs = path.join(root, "apps/api/dist/server.js");
const webDist = path.join(root, "apps/web/dist");
const resultsDir = path.join(root, "bench/results");
const cleanups: (() => void)[] = [];

if (!Number.isInteger(settings.runs) || settings.runs < 1 || settings.runs > 50) {
  console.error("bench: BENCH_RUNS must be an integer from 1 to 50");
  process.exit(2);
}
for (const [file, what] of [
  [serverJs, "the API bundle"],
  [path.join(webDist, "index.html"), "the web app"],
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
const load1 = () => round(os.loadavg()[0] ?? 0, 2);

/** Writes the company, gives the sample member `visible` live tasks and returns how to sign in as them. */
async function seed(env: Record<string, string>) {
  const started = Date.now();
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    const summary = await fillSampleCompany(database.db, {
      companyName: "大規模タスク検証株式会社",
      workspaceCode: `render-${randomBytes(4).toString("hex")}`,
      emailDomain: "bench-render.example",
      ownerEmail: "owner@bench-render.example",
      password: "Bench-Render-2026",
      staff: settings.staff,
      projects: settings.projects,
      tasks: settings.tasks,
      now: new Date(),
    });
    const seededS = round((Date.now() - started) / 1000, 1);
    // Their own tasks stay; the rest come from their groups first (the 課 they would take work from), then
    // from anywhere in the workspace, so the list spans many groups and projects as a heavy user's would.
    const reassignStarted = Date.now();
    await database.db.execute(sql`
      with member as (
        select id from workspace_users
        where workspace_id = ${summary.workspaceId} and lower(email) = lower(${summary.sampleMemberEmail})
      ),
      own as (
        select count(*)::int as n from tasks
        where workspace_id = ${summary.workspaceId} and deleted_at is null and assignee_id = (select id from member)
      ),
      pick as (
        select t.id from tasks t
        where t.workspace_id = ${summary.workspaceId} and t.deleted_at is null
          and t.assignee_id is distinct from (select id from member)
        order by (t.group_id in (
          select group_id from group_members where workspace_user_id = (select id from member)
        )) desc, t.id
        limit greatest(0, ${settings.visible} - (select n from own))
      )
      update tasks set assignee_id = (select id from member) where id in (select id from pick)`);
    const reassignS = round((Date.now() - reassignStarted) / 1000, 1);
    // What autovacuum does to a table after many writes: statistics and the visibility map.
    await database.db.execute(sql`vacuum analyze`);
    return { summary, seededS, reassignS };
  } finally {
    await database.close();
  }
}

interface Probe {
  firstRowMs: number | null;
  completeMs: number | null;
  shownCount: number | null;
  longTasks: [number, number][];
}

/**
 * Installed in every document before the app's scripts: polls once per animation frame (the callback runs just
 * before the frame is painted) for the first task row and for the complete list, and keeps the long tasks.
 */
function installProbe(expected: number): void {
  const probe: Probe = { firstRowMs: null, completeMs: null, shownCount: null, longTasks: [] };
  (window as unknown as { __probe: Probe }).__probe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long task timing
  }
  const countOf = () => {
    for (const cell of document.querySelectorAll('[role="columnheader"]')) {
      const match = /タスク名（([\d,]+)件）/.exec(cell.textContent ?? "");
      if (match) return Number(match[1]!.replaceAll(",", ""));
    }
    return null;
  };
  const loading = () =>
    [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.includes("読み込み中"));
  // The page reads page 1, then the rest; the progress line stays until the last page is in. Once it has shown
  // and gone, every page is in; a list of one page never shows it.
  let progressSeen = false;
  const loadedAll = () => progressSeen || expected <= 200;
  const poll = () => {
    if (loading()) progressSeen = true;
    if (probe.firstRowMs === null && document.querySelector('[role="row"][data-status]')) {
      probe.firstRowMs = performance.now();
    }
    if (probe.firstRowMs !== null && probe.completeMs === null) {
      const shown = countOf();
      probe.shownCount = shown;
      // Complete: every page read (the progress gone) and the header counting at least what the server said,
      // or fewer when series fold into their next occurrence (the header counts rows, not occurrences).
      if (shown !== null && !loading() && (shown >= expected || loadedAll())) probe.completeMs = performance.now();
    }
    if (probe.completeMs === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

type Metrics = Record<string, number>;
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}
/** Main-thread seconds spent in script, style and layout between two readings, in ms. */
function mainThread(before: Metrics, after: Metrics) {
  const delta = (name: string) => round(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
  return {
    taskMs: delta("TaskDuration"),
    scriptMs: delta("ScriptDuration"),
    styleMs: delta("RecalcStyleDuration"),
    layoutMs: delta("LayoutDuration"),
    layouts: (after.LayoutCount ?? 0) - (before.LayoutCount ?? 0),
    styleRecalcs: (after.RecalcStyleCount ?? 0) - (before.RecalcStyleCount ?? 0),
  };
}

interface LoadRun {
  firstRowMs: number;
  completeMs: number;
  listRequests: number;
  firstListResponseMs: number;
  lastListResponseMs: number;
  listBytes: number;
  longTasks: number;
  longestTaskMs: number;
  longTaskTotalMs: number;
  mainThread: ReturnType<typeof mainThread>;
  domElements: number;
}

async function loadList(page: Page, cdp: CDPSession, url: string): Promise<LoadRun> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __probe?: Probe }).__probe?.completeMs != null, undefined, {
    timeout: 180_000,
    polling: 200,
  });
  // Chromium counts these per document, so the new document's readings cover exactly this load.
  const after = await metrics(cdp);
  const seen = await page.evaluate(() => {
    const probe = (window as unknown as { __probe: Probe }).__probe;
    const lists = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/app/task/list?")) as PerformanceResourceTiming[];
    return {
      probe,
      listRequests: lists.length,
      firstListResponseMs: Math.min(...lists.map((entry) => entry.responseEnd)),
      lastListResponseMs: Math.max(...lists.map((entry) => entry.responseEnd)),
      listBytes: lists.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      domElements: document.getElementsByTagName("*").length,
    };
  });
  const longDuring = seen.probe.longTasks.filter(([start]) => start <= (seen.probe.completeMs ?? 0));
  return {
    firstRowMs: round(seen.probe.firstRowMs ?? Number.NaN),
    completeMs: round(seen.probe.completeMs ?? Number.NaN),
    listRequests: seen.listRequests,
    firstListResponseMs: round(seen.firstListResponseMs),
    lastListResponseMs: round(seen.lastListResponseMs),
    listBytes: seen.listBytes,
    longTasks: longDuring.length,
    longestTaskMs: round(Math.max(0, ...longDuring.map(([, duration]) => duration))),
    longTaskTotalMs: round(longDuring.reduce((sum, [, duration]) => sum + duration, 0)),
    mainThread: mainThread({}, after),
    domElements: seen.domElements,
  };
}

/** Scrolls the window from the top to the end of the list, a fixed step per animation frame, timing the frames. */
async function scrollAll(page: Page, cdp: CDPSession, step: number, maxFrames = 0) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  const before = await metrics(cdp);
  const result = await page.evaluate(
    ([step, maxFrames]) =>
      new Promise<{
        frames: number[];
        height: number;
        longTasks: number[];
        lastRow: string | null;
        rowsInDom: number;
        elementsPerTaskRow: number;
        scrollY: number;
        end: number;
      }>((resolve) => {
        const frames: number[] = [];
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        });
        try {
          observer.observe({ type: "longtask" });
        } catch {
          // no long task timing
        }
        // The end is read once: reading the layout in every frame would force a layout of its own.
        const end = document.documentElement.scrollHeight - window.innerHeight;
        let y = 0;
        let last = performance.now();
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          if (y >= end) {
            observer.disconnect();
            const rows = [...document.querySelectorAll('[role="rowgroup"] [role="row"]')];
            const taskRows = [...document.querySelectorAll('[role="rowgroup"] [role="row"][data-status]')];
            const bottom = taskRows
              .map((row) => ({ row, top: row.getBoundingClientRect().top }))
              .sort((a, b) => b.top - a.top)[0];
            resolve({
              frames: frames.slice(1),
              height: document.documentElement.scrollHeight,
              longTasks,
              lastRow: bottom ? bottom.row.getAttribute("aria-label") : null,
              rowsInDom: rows.length,
              elementsPerTaskRow:
                taskRows.reduce((sum, row) => sum + row.getElementsByTagName("*").length + 1, 0) /
                Math.max(1, taskRows.length),
              scrollY: window.scrollY,
              end,
            });
            return;
          }
          y = Math.min(end, y + step);
          window.scrollTo(0, y);
          if (maxFrames && frames.length >= maxFrames) y = end;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [step, maxFrames] as const,
  );
  const after = await metrics(cdp);
  const { frames } = result;
  return {
    stepPx: step,
    pageHeightPx: result.height,
    frames: frames.length,
    durationMs: round(frames.reduce((sum, frame) => sum + frame, 0)),
    p50: round(median(frames), 1),
    p95: round(percentile(frames, 95), 1),
    p99: round(percentile(frames, 99), 1),
    max: round(Math.max(...frames), 1),
    over50ms: frames.filter((frame) => frame > 50).length,
    longTasks: result.longTasks.length,
    longestTaskMs: round(Math.max(0, ...result.longTasks)),
    reachedEnd: result.scrollY >= result.end - 1,
    rowsInDomAtEnd: result.rowsInDom,
    elementsPerTaskRow: round(result.elementsPerTaskRow, 1),
    lastRowAtEnd: result.lastRow,
    mainThread: mainThread(before, after),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Self time of a V8 CPU profile by function (top 15) and by script, in ms. */
function summariseProfile(profile: { nodes: ProfileNode[]; startTime: number; endTime: number; timeDeltas: number[] }) {
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.timeDeltas.length);
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script = url ? url.replace(/^https?:\/\/[^/]+/, "") : "(native)";
    const key = url ? `${functionName || "(anonymous)"} ${script}:${lineNumber + 1}:${columnNumber + 1}` : functionName;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const scriptKey = url ? script : functionName;
    byScript.set(scriptKey, (byScript.get(scriptKey) ?? 0) + hits);
    total += hits;
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => ({ name, ms: round(hits * sampleMs), share: round((hits / total) * 100, 1) }));
  return {
    sampledMs: round(total * sampleMs),
    topFunctions: top(byFunction, 15),
    byScript: top(byScript, 10),
  };
}

async function profiled<T>(cdp: CDPSession, run: () => Promise<T>) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  const value = await run();
  const { profile } = await cdp.send("Profiler.stop");
  await cdp.send("Profiler.disable");
  return { value, profile: summariseProfile(profile as never) };
}

async function runDatabase(database: string, webCopy: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-render-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
  const env: Record<string, string> = { DATA_DIR: path.join(dataDir, "data"), WEB_DIST_DIR: webCopy };
  if (database === "postgres") {
    const name = `tasuki_bench_render_${randomBytes(4).toString("hex")}`;
    psql(`CREATE DATABASE ${name}`);
    cleanups.push(() => {
      try {
        psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (error) {
        console.error(`bench: could not drop the database ${name}: ${(error as Error).message}`);
      }
    });
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.AUTH_SECRET = randomBytes(36).toString("base64url");
  }
  const { summary, seededS, reassignS } = await seed(env);
  console.log(
    `bench: ${database}: ${summary.staff} staff, ${summary.projects} projects, ${summary.tasks} tasks in ${seededS} s; ` +
      `reassigned to ${summary.sampleMemberEmail} in ${reassignS} s`,
  );
  const server = await startServer(env, cleanups);
  const base = server.base;

  // What the list holds, as the API says (a session of its own, not the browser's).
  const login = await fetch(`${base}/app/auth/login-with-email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: summary.sampleMemberEmail, password: summary.password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const first = await fetch(
    `${base}/app/task/list?workspace_id=${summary.workspaceId}&tab=me&trash=false&page=1&per_page=200`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!first.ok) throw new Error(`task/list answered ${first.status}: ${await first.text()}`);
  const { total } = (await first.json()) as { total: number };
  console.log(`bench: ${database}: /task/me lists ${total} tasks`);

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  cleanups.unshift(() => void browser.close());
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  await context.addInitScript(installProbe, total);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");

  await page.goto(`${base}/auth`);
  await page.getByLabel("メールアドレス").fill(summary.sampleMemberEmail);
  await page.getByLabel("パスワード", { exact: true }).fill(summary.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL(/\/task/, { timeout: 90_000 });
  const landedOn = new URL(page.url()).pathname;
  // The landing page may be reading a list itself: let it finish before measuring.
  await page.waitForLoadState("networkidle", { timeout: 180_000 }).catch(() => undefined);

  const listUrl = `${base}/task/me`;
  // Cold: the HTTP cache emptied, so the page's scripts are fetched again (the session stays signed in).
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  const cold = await loadList(page, cdp, listUrl);
  console.log(`bench: ${database}: cold: first rows ${cold.firstRowMs} ms, complete ${cold.completeMs} ms`);
  const warm: LoadRun[] = [];
  for (let i = 0; i < settings.runs; i++) {
    warm.push(await loadList(page, cdp, listUrl));
    console.log(
      `bench: ${database}: warm ${i + 1}: first rows ${warm.at(-1)!.firstRowMs} ms, complete ${warm.at(-1)!.completeMs} ms`,
    );
  }
  const loadAfterRuns = load1();

  // The JS heap of the loaded page: as it is, and what stays after a full garbage collection.
  const heapUsed = await cdp.send("Runtime.getHeapUsage");
  await cdp.send("HeapProfiler.collectGarbage");
  const heapAfterGc = await cdp.send("Runtime.getHeapUsage");
  const heap = {
    usedMb: round(heapUsed.usedSize / 1048576, 1),
    totalMb: round(heapUsed.totalSize / 1048576, 1),
    afterGcMb: round(heapAfterGc.usedSize / 1048576, 1),
  };

  // The same page left alone: what the machine's load alone does to the frame intervals.
  const idleFrames = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const frames: number[] = [];
        let last = performance.now();
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          if (frames.length > 120) resolve(frames.slice(1));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  const idle = {
    frames: idleFrames.length,
    p50: round(median(idleFrames), 1),
    p95: round(percentile(idleFrames, 95), 1),
    max: round(Math.max(...idleFrames), 1),
  };
  // A wheel's pace (120 px, about two and a half rows, per frame) over the first 300 frames.
  const gentleScroll = await scrollAll(page, cdp, 120, 300);
  const scroll = await scrollAll(page, cdp, settings.scrollStep);
  console.log(
    `bench: ${database}: scroll: ${scroll.frames} frames, p50 ${scroll.p50} ms, p95 ${scroll.p95} ms, max ${scroll.max} ms`,
  );

  let profiles: { load: ReturnType<typeof summariseProfile>; scroll: ReturnType<typeof summariseProfile> } | null =
    null;
  let profiledLoad: LoadRun | null = null;
  if (settings.profile) {
    const load = await profiled(cdp, () => loadList(page, cdp, listUrl));
    // The first 300 frames are enough to see where a frame's time goes.
    const scrolled = await profiled(cdp, () => scrollAll(page, cdp, settings.scrollStep, 300));
    profiledLoad = load.value;
    profiles = { load: load.profile, scroll: scrolled.profile };
  }

  await browser.close();
  // Wait for the server to be gone before its data directory is removed (PGlite writes until it exits).
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);

  const firsts = warm.map((run) => run.firstRowMs);
  const completes = warm.map((run) => run.completeMs);
  return {
    database,
    workspace: {
      staff: summary.staff,
      projects: summary.projects,
      tasks: summary.tasks,
      seedSeconds: seededS,
      reassignSeconds: reassignS,
      listed: total,
    },
    landedOn,
    cold,
    warm: {
      firstRowMedianMs: round(median(firsts)),
      completeMedianMs: round(median(completes)),
      firstRowMinMaxMs: [Math.min(...firsts), Math.max(...firsts)],
      completeMinMaxMs: [Math.min(...completes), Math.max(...completes)],
      lastListResponseMedianMs: round(median(warm.map((run) => run.lastListResponseMs))),
      runs: warm,
    },
    heap,
    idleFrames: idle,
    gentleScroll,
    scroll,
    profiledLoad,
    profiles,
    loadAverageAfterRuns: loadAfterRuns,
    loadAverageAtEnd: load1(),
    pageErrors,
    serverLog: server.lines.filter((line) => !line.startsWith("Tasuki is running") && line.trim()).slice(-20),
  };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  // What is measured: the checkout when the run starts and when the two bundles were built (the build may lag
  // behind the commits, or include work not committed yet).
  let commit: string | null = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  const built = {
    api: statSync(serverJs).mtime.toISOString(),
    web: statSync(path.join(webDist, "index.html")).mtime.toISOString(),
  };
  const loadAtStart = load1();
  const results: Awaited<ReturnType<typeof runDatabase>>[] = [];
  // The servers read one copy of the web app, taken now: other work may rebuild apps/web/dist while this runs.
  const webCopy = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-render-web-"));
  cleanups.push(() => rmSync(webCopy, { recursive: true, force: true }));
  cpSync(webDist, webCopy, { recursive: true });
  for (const database of settings.databases) results.push(await runDatabase(database, webCopy));

  const rows: (string | number)[][] = [
    [
      "database",
      "tasks",
      "first rows cold",
      "complete cold",
      "first rows warm",
      "complete warm",
      "list calls",
      "scroll p50/p95/max ms",
      "frames>50ms",
      "120 px/frame p50/p95",
      "idle p50/p95",
      "heap MiB (after GC)",
      "load",
    ],
  ];
  for (const r of results) {
    rows.push([
      r.database,
      r.workspace.listed,
      r.cold.firstRowMs,
      r.cold.completeMs,
      r.warm.firstRowMedianMs,
      r.warm.completeMedianMs,
      r.cold.listRequests,
      `${r.scroll.p50} / ${r.scroll.p95} / ${r.scroll.max}`,
      r.scroll.over50ms,
      `${r.gentleScroll.p50} / ${r.gentleScroll.p95}`,
      `${r.idleFrames.p50} / ${r.idleFrames.p95}`,
      `${r.heap.usedMb} (${r.heap.afterGcMb})`,
      r.loadAverageAfterRuns,
    ]);
  }
  console.log("");
  console.log(formatTable(rows));
  console.log(`(ms from navigation start; warm: median of ${settings.runs}; load: 1-min load average)`);
  for (const r of results) {
    if (!r.profiles) continue;
    console.log(`\n${r.database}: CPU profile of one load (${r.profiles.load.sampledMs} ms sampled), self time:`);
    for (const f of r.profiles.load.topFunctions.slice(0, 8)) console.log(`  ${f.ms} ms ${f.share} %  ${f.name}`);
    console.log(`${r.database}: CPU profile of one scroll (${r.profiles.scroll.sampledMs} ms sampled), self time:`);
    for (const f of r.profiles.scroll.topFunctions.slice(0, 8)) console.log(`  ${f.ms} ms ${f.share} %  ${f.name}`);
  }

  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `task-render-${startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        benchmark: "task-render",
        startedAt: startedAt.toISOString(),
        commit,
        built,
        settings,
        machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "", loadAverageAtStart: loadAtStart },
        chromium: chromiumPath,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nbench: results in ${path.relative(root, file)}`);
  if (results.some((r) => r.pageErrors.length)) process.exitCode = 1;
}

await runBench(main, cleanups);
