// The shape of /task/me on the sample company (issue 15's "before" and "after"): how tall the page is, how many rows
// of each kind the list holds and how many elements the DOM has, for the owner at 1280×800, and how far down the
// first task starts on a phone (390×844).
//
//   npm run bench:task-page-shape -w @tasuki/bench            (build first: npm run build)
//   BENCH_CHECKOUT=/path/to/older/worktree npm run bench:task-page-shape -w @tasuki/bench
//
// It fills a new DATA_DIR with the checkout's own `bench/demo.ts` (BENCH_CHECKOUT, default this one; an older commit
// checked out in a git worktree, built, node_modules linked, measures that commit with its own sample company),
// starts that checkout's built server on it and signs the owner in through the login page in Chromium.
// Nothing here is timed: the figures are sizes and counts, so a busy machine does not change them.
//
// Rows are counted with a viewport tall enough for the virtual list to render every row (the list only keeps the
// rows near the screen in the DOM); "DOM elements" is what the browser holds at 1280×800 with the list loaded.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { cleanEnv, formatTable, root, round, runBench, startServer } from "./lib.ts";

const checkout = path.resolve(process.env.BENCH_CHECKOUT ?? root);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The sample company's owner (bench/demo.ts).
const OWNER_EMAIL = "demo@hikari-sangyo.example";
const PASSWORD = "Hikari-Demo-2026";
const cleanups: (() => unknown)[] = [];

function commitOf(dir: string): string {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** The checkout's built server on a new DATA_DIR, serving the checkout's own web app (lib.ts's startServer). */
async function startCheckoutServer(dataDir: string): Promise<string> {
  const serverJs = path.join(checkout, "apps/api/dist/server.js");
  const webDist = path.join(checkout, "apps/web/dist");
  if (!existsSync(serverJs) || !existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`build ${checkout} first (npm run build): apps/api/dist and apps/web/dist are needed`);
  }
  const { base } = await startServer({ DATA_DIR: dataDir, WEB_DIST_DIR: webDist }, cleanups, 180_000, serverJs);
  return base;
}

/** Waits until the list is there and nothing on the page is still loading. */
async function listLoaded(page: Page): Promise<void> {
  await page.waitForSelector('[role="table"][aria-label="タスク一覧"] [role="row"][data-status]', { timeout: 180_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector('[role="status"][aria-label="読み込み中"], [aria-label="条件に合わせて読み込み中"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.includes("読み込み中")),
    undefined,
    { timeout: 180_000, polling: 200 },
  );
  await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined);
  // Fonts and the virtual list's measured row heights settle in the next frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function signedInPage(browser: Browser, base: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  cleanups.unshift(() => context.close());
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await page.getByLabel("メールアドレス").fill(OWNER_EMAIL);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL(/\/task\//, { timeout: 120_000 });
  await page.goto(`${base}/task/me`);
  await listLoaded(page);
  return page;
}

/** Rows of the list by kind, counted in the DOM (all of them when the viewport holds the whole list). */
function countRows(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('[role="table"][aria-label="タスク一覧"]');
    const rows = [...(table?.querySelectorAll('[role="row"]') ?? [])];
    const tasks = rows.filter((row) => row.hasAttribute("data-status")).length;
    const additions = rows.filter((row) => row.getAttribute("data-kind") === "addition").length;
    const addButtons = [...document.querySelectorAll("button")].filter(
      (button) => button.textContent?.trim() === "タスクを追加",
    ).length;
    return { rows: rows.length, tasks, additions, headers: rows.length - tasks - additions, addButtons };
  });
}

/** Height, DOM size and rows of one address of the list at 1280×800; the rows again with the whole list rendered. */
async function measureDesktop(page: Page, url: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await listLoaded(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const domElements = await page.evaluate(() => document.getElementsByTagName("*").length);
  const rowsInDom = await countRows(page);
  // The whole list at once: a viewport taller than the page leaves the virtual list nothing to skip.
  await page.setViewportSize({ width: 1280, height: height + 800 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const allRows = await countRows(page);
  return { url: url.replace(/^https?:\/\/[^/]+/, ""), height, domElements, rowsInDom, allRows };
}

async function main() {
  const startedAt = new Date();
  const load = () => round(os.loadavg()[0] ?? 0, 2);
  const commit = commitOf(checkout);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-shape-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  console.log(`bench: ${checkout} at ${commit}: filling the sample company with its bench/demo.ts…`);
  execFileSync(
    path.join(checkout, "node_modules/.bin/node"),
    ["--experimental-strip-types", "--disable-warning=ExperimentalWarning", "bench/demo.ts"],
    { cwd: checkout, env: cleanEnv({ DATA_DIR: dataDir }), stdio: ["ignore", "inherit", "inherit"] },
  );
  const base = await startCheckoutServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  cleanups.unshift(() => browser.close());

  const desktop = await signedInPage(browser, base, { width: 1280, height: 800 });
  const shown = await measureDesktop(desktop, `${base}/task/me`);
  // Every status, as the list showed before unfinished tasks became the default (an older build ignores it).
  const everyStatus = await measureDesktop(desktop, `${base}/task/me?status=all`);

  const phone = await signedInPage(browser, base, { width: 390, height: 844 });
  const firstTaskTop = await phone.evaluate(() => {
    const row = document.querySelector('[role="table"][aria-label="タスク一覧"] [role="row"][data-status]');
    return row ? Math.round(row.getBoundingClientRect().top + window.scrollY) : null;
  });
  const phoneHeight = await phone.evaluate(() => document.documentElement.scrollHeight);

  const result = {
    benchmark: "task-page-shape",
    startedAt,
    checkout,
    commit,
    load: load(),
    desktop: [shown, everyStatus],
    phone: { firstTaskTop, height: phoneHeight, onFirstScreen: firstTaskTop !== null && firstTaskTop < 844 },
  };
  console.log("");
  console.log(
    formatTable([
      ["figure", "value"],
      ["commit", commit],
      ...[shown, everyStatus].flatMap((m) => [
        [`${m.url}: height at 1280×800 (px)`, m.height],
        [
          `${m.url}: rows (all) / task / 「タスクを追加」 / other`,
          `${m.allRows.rows} / ${m.allRows.tasks} / ${m.allRows.additions} / ${m.allRows.headers}`,
        ],
        [`${m.url}: 「タスクを追加」 buttons`, m.allRows.addButtons],
        [`${m.url}: rows in the DOM / DOM elements at 1280×800`, `${m.rowsInDom.rows} / ${m.domElements}`],
      ]),
      ["phone 390×844: first task's top (px)", firstTaskTop ?? "none"],
      ["phone: page height (px)", phoneHeight],
      ["1-min load average", result.load],
    ]),
  );
  const resultsDir = path.join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `task-page-shape-${commit}-${startedAt.toISOString().slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`bench: results in ${path.relative(root, file)}`);
}

await runBench(main, cleanups);
