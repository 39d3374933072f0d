// The board, calendar and gantt views in Chromium with 10,000 tasks: how long each takes to draw its first card,
// chip or bar after navigation, and the frame intervals while a card is dragged across the board, a chip across
// the calendar, and the gantt chart is scrolled through all its rows and a bar dragged.
//
//   npm run bench:task-views -w @tasuki/bench     (build first: npm run build)
//
// It writes a sample company (bench/sample-company.ts; BENCH_STAFF 300, BENCH_PROJECTS 30, BENCH_TASKS 12,000),
// gives the sample member BENCH_VISIBLE (10,000) live tasks and puts them all in one project, spread over its
// 大項目, so the 自分 tab, the board and that project's gantt chart each hold 10,000 tasks (the calendar shows the
// month's share of them: deadlines lie around today). The database is a new PostgreSQL database on BENCH_PG_URL
// when one answers, else the embedded server in a new DATA_DIR (bench/lib.ts prepareDatabase). Each view is loaded
// BENCH_RUNS times (3); the frame intervals are read by requestAnimationFrame in the page while the mouse moves.
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { chromium, type Page } from "playwright-core";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { formatTable, prepareDatabase, root, round, runBench, startServer } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  runs: num("BENCH_RUNS", 3),
  visible: num("BENCH_VISIBLE", 10_000),
  staff: num("BENCH_STAFF", 300),
  projects: num("BENCH_PROJECTS", 30),
  tasks: num("BENCH_TASKS", 12_000),
};
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const cleanups: (() => unknown)[] = [];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const frameStats = (frames: number[]) => ({
  frames: frames.length,
  p50: round(median(frames), 1),
  p95: round(percentile(frames, 95), 1),
  max: round(Math.max(...frames), 1),
  over50ms: frames.filter((frame) => frame > 50).length,
});

async function seed(env: Record<string, string>) {
  const database = await openConfiguredDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
  try {
    const summary = await fillSampleCompany(database.db, {
      companyName: "表示検証株式会社",
      workspaceCode: `views-${randomBytes(4).toString("hex")}`,
      emailDomain: "bench-views.example",
      ownerEmail: "owner@bench-views.example",
      password: "Bench-Views-2026",
      staff: settings.staff,
      projects: settings.projects,
      tasks: settings.tasks,
      now: new Date(),
    });
    // The member's own tasks plus others', all moved into the project with the most 大項目 (each task to one of
    // them in turn, its 中項目 dropped), so one gantt chart holds them all.
    // db.execute answers the driver's result ({ rows }) on PostgreSQL and on PGlite alike, not an array.
    const [project] = (
      (await database.db.execute(sql`
      select p.id from projects p join primary_items i on i.project_id = p.id
      where p.workspace_id = ${summary.workspaceId} and i.deleted_at is null
      group by p.id order by count(*) desc limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await database.db.execute(sql`
      with member as (
        select id from workspace_users
        where workspace_id = ${summary.workspaceId} and lower(email) = lower(${summary.sampleMemberEmail})
      ),
      items as (
        select id, row_number() over (order by position) - 1 as n, count(*) over () as total
        from primary_items where project_id = ${project!.id} and deleted_at is null
      ),
      pick as (
        select t.id, row_number() over (order by (t.assignee_id = (select id from member)) desc, t.id) as n
        from tasks t where t.workspace_id = ${summary.workspaceId} and t.deleted_at is null
        limit ${settings.visible}
      )
      update tasks set assignee_id = (select id from member), project_id = ${project!.id}, meeting_id = null,
        secondary_item_id = null,
        primary_item_id = (select id from items where items.n = pick.n % items.total)
      from pick where tasks.id = pick.id`);
    // The member must see the project for its gantt chart (the project rule: its group, its manager, its members);
    // without this the project tab answered 404 and the chart never drew a bar.
    await database.db.execute(sql`
      insert into project_members (workspace_id, project_id, workspace_user_id)
      select ${summary.workspaceId}, ${project!.id}, id from workspace_users
      where workspace_id = ${summary.workspaceId} and lower(email) = lower(${summary.sampleMemberEmail})
      on conflict do nothing`);
    await database.db.execute(sql`vacuum analyze`);
    return { summary, projectId: project!.id };
  } finally {
    await database.close();
  }
}

/** Frame intervals while `act` runs, read by requestAnimationFrame in the page. */
async function framesDuring(page: Page, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await act();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames.slice(1);
  });
}

/** Milliseconds from navigation start until the selector is in the DOM and no 読み込み中 status is left. */
async function firstDraw(page: Page, url: string, selector: string) {
  await page.goto(url);
  await page.waitForSelector(selector, { timeout: 180_000 });
  const first = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((n) => n.textContent?.includes("読み込み中")),
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  const complete = await page.evaluate(() => performance.now());
  const dom = await page.evaluate(() => document.getElementsByTagName("*").length);
  return { firstMs: round(first), completeMs: round(complete), domElements: dom };
}

/** A pointer drag from one element's centre to a point, in `steps` moves, then released (or cancelled by Escape). */
async function dragAcross(page: Page, from: string, to: { x: number; y: number }, steps: number, cancel: boolean) {
  const box = (await page.locator(from).first().boundingBox())!;
  const start = { x: box.x + Math.min(12, box.width / 2), y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 4, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.move(start.x + 5, start.y, { steps });
  if (cancel) await page.keyboard.press("Escape");
  await page.mouse.up();
}

async function main() {
  const startedAt = new Date();
  const { database, env, note } = prepareDatabase(cleanups, "views");
  if (note) console.log(`bench: ${note}; using the embedded server`);
  console.log(`bench: writing ${settings.tasks} tasks (${database})…`);
  const { summary, projectId } = await seed(env);
  const webCopy = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-views-web-"));
  cleanups.push(() => rmSync(webCopy, { recursive: true, force: true }));
  cpSync(path.join(root, "apps/web/dist"), webCopy, { recursive: true });
  const server = await startServer({ ...env, WEB_DIST_DIR: webCopy }, cleanups);
  const base = server.base;

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
  cleanups.unshift(() => browser.close());
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(`${base}/auth`);
  await page.getByLabel("メールアドレス").fill(summary.sampleMemberEmail);
  await page.getByLabel("パスワード", { exact: true }).fill(summary.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL(/\/task/, { timeout: 90_000 });
  await page.waitForLoadState("networkidle", { timeout: 180_000 }).catch(() => undefined);

  const views = [
    { name: "board", url: `${base}/task/me?layout=board`, selector: "[data-task-id]" },
    { name: "calendar", url: `${base}/task/me?layout=calendar`, selector: "[data-day] [data-task-id]" },
    { name: "gantt", url: `${base}/task/project?project_id=${projectId}&layout=gantt`, selector: "[data-gantt-bar]" },
  ] as const;
  const results: Record<string, unknown>[] = [];
  for (const view of views) {
    const loads = [];
    for (let i = 0; i < settings.runs; i++) loads.push(await firstDraw(page, view.url, view.selector));
    const shown = await page.evaluate(() => document.querySelectorAll("[data-task-id]").length);
    let drag: number[] = [];
    let scroll: number[] = [];
    if (view.name === "board") {
      // A card carried over the other three columns and back, then let go where it started.
      const target = (await page.locator('[data-status-column="closed"]').first().boundingBox())!;
      drag = await framesDuring(page, () =>
        dragAcross(
          page,
          '[data-status-column="none"] [data-task-id]',
          { x: target.x + 100, y: target.y + 60 },
          60,
          true,
        ),
      );
    } else if (view.name === "calendar") {
      const target = (await page.locator("[data-day]").last().boundingBox())!;
      drag = await framesDuring(page, () =>
        dragAcross(page, "[data-day] [data-task-id]", { x: target.x + 40, y: target.y + 40 }, 60, true),
      );
    } else {
      // The whole chart, 480 px (15 rows) a frame, then a bar dragged a week on and back.
      scroll = await framesDuring(page, () =>
        page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              const element = document.querySelector('[data-testid="task-gantt"]') as HTMLElement;
              const end = element.scrollHeight - element.clientHeight;
              const step = () => {
                element.scrollTop = Math.min(end, element.scrollTop + 480);
                if (element.scrollTop >= end) resolve();
                else requestAnimationFrame(step);
              };
              requestAnimationFrame(step);
            }),
        ),
      );
      await page.evaluate(() => {
        (document.querySelector('[data-testid="task-gantt"]') as HTMLElement).scrollTop = 0;
      });
      const bar = (await page.locator('[data-gantt-bar="task"]').first().boundingBox())!;
      drag = await framesDuring(page, () =>
        dragAcross(page, '[data-gantt-bar="task"]', { x: bar.x + 7 * 28, y: bar.y + bar.height / 2 }, 60, false),
      );
    }
    const result = {
      view: view.name,
      firstMsMedian: round(median(loads.map((l) => l.firstMs))),
      completeMsMedian: round(median(loads.map((l) => l.completeMs))),
      loads,
      taskNodesShown: shown,
      drag: frameStats(drag),
      scroll: scroll.length ? frameStats(scroll) : null,
    };
    console.log(`bench: ${view.name}: first ${result.firstMsMedian} ms, complete ${result.completeMsMedian} ms`);
    results.push(result);
  }
  const idle = frameStats(await framesDuring(page, () => page.waitForTimeout(2000)));

  const rows: (string | number)[][] = [
    ["view", "first draw ms", "complete ms", "task nodes", "drag p50/p95/max ms", "scroll p50/p95/max ms", "DOM"],
  ];
  for (const r of results as {
    view: string;
    firstMsMedian: number;
    completeMsMedian: number;
    taskNodesShown: number;
    drag: ReturnType<typeof frameStats>;
    scroll: ReturnType<typeof frameStats> | null;
    loads: { domElements: number }[];
  }[]) {
    rows.push([
      r.view,
      r.firstMsMedian,
      r.completeMsMedian,
      r.taskNodesShown,
      `${r.drag.p50} / ${r.drag.p95} / ${r.drag.max}`,
      r.scroll ? `${r.scroll.p50} / ${r.scroll.p95} / ${r.scroll.max}` : "",
      r.loads.at(-1)!.domElements,
    ]);
  }
  console.log("");
  console.log(formatTable(rows));
  console.log(
    `(ms from navigation start, median of ${settings.runs}; idle page frames p50/p95 ${idle.p50} / ${idle.p95} ms; 1-min load ${round(os.loadavg()[0] ?? 0, 2)})`,
  );
  const resultsDir = path.join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `task-views-${startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "task-views", startedAt, database, settings, idle, results, pageErrors }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
  if (pageErrors.length) {
    console.error(pageErrors);
    process.exitCode = 1;
  }
}

await runBench(main, cleanups);
