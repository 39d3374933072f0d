// The analytics page in Chromium (part of bench:analytics): how long /analytics/workspace/<id> takes, from
// navigation start, to show its key figures and then every figure card with its chart and table, as the owner of
// the seeded company. Debian Chromium through playwright-core, as bench/task-render.bench.ts drives it.
import { existsSync } from "node:fs";
import path from "node:path";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { root, round } from "./lib.ts";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The figure cards of a workspace page, by their titles (each a `section` named by its title). */
const CARDS = [
  "作成と完了の推移",
  "担当者ごとの負荷",
  "内訳",
  "期間内に期限のタスク",
  "リードタイムと滞留",
  "会議",
  "1on1の実施状況",
];

interface Probe {
  figuresMs: number | null;
  chartsMs: number | null;
}

/**
 * Installed before the page's own scripts: on every animation frame, notes when the key figures are shown (the
 * skeleton gone, 期限内完了率 on screen) and when every card holds its chart (an svg) and its table with no
 * skeleton left, both from navigation start.
 */
function installProbe(cards: string[]): void {
  const probe: Probe = { figuresMs: null, chartsMs: null };
  (window as unknown as { __probe: Probe }).__probe = probe;
  const cardReady = (title: string) => {
    const card = document.querySelector(`section[aria-label="${title}"]`);
    return Boolean(
      card?.querySelector("svg") && card.querySelector("table") && !card.querySelector(".MuiSkeleton-root"),
    );
  };
  const poll = () => {
    if (
      probe.figuresMs === null &&
      !document.querySelector('[aria-label="分析を読み込み中"]') &&
      document.body.textContent?.includes("期限内完了率")
    ) {
      probe.figuresMs = performance.now();
    }
    if (probe.figuresMs !== null && probe.chartsMs === null && cards.every(cardReady)) {
      probe.chartsMs = performance.now();
    }
    if (probe.chartsMs === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

export interface PageRun {
  figuresMs: number;
  chartsMs: number;
  /** The analytics calls' responses, from navigation start: the first and the last to arrive. */
  firstCallMs: number;
  lastCallMs: number;
  calls: number;
  /** Main-thread time of the load (Chromium's per-document counters): all tasks, of which script, ms. */
  mainThreadMs: number;
  scriptMs: number;
}

async function loadPage(page: Page, cdp: CDPSession, url: string): Promise<PageRun> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __probe?: Probe }).__probe?.chartsMs != null, undefined, {
    timeout: 180_000,
    polling: 100,
  });
  // Chromium counts these per document, so they cover exactly this load (and the probe's polling, a little).
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
  const seen = await page.evaluate(() => {
    const calls = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/app/analytics/")) as PerformanceResourceTiming[];
    return {
      probe: (window as unknown as { __probe: Probe }).__probe,
      calls: calls.length,
      first: Math.min(...calls.map((entry) => entry.responseEnd)),
      last: Math.max(...calls.map((entry) => entry.responseEnd)),
    };
  });
  return {
    figuresMs: round(seen.probe.figuresMs ?? Number.NaN),
    chartsMs: round(seen.probe.chartsMs ?? Number.NaN),
    firstCallMs: round(seen.first),
    lastCallMs: round(seen.last),
    calls: seen.calls,
    mainThreadMs: metric("TaskDuration"),
    scriptMs: metric("ScriptDuration"),
  };
}

/** Signs the owner in through the login page, then loads the workspace's analytics page once cold and `runs` times warm. */
export async function measureAnalyticsPage(
  base: string,
  workspaceId: string,
  owner: { email: string; password: string },
  runs: number,
): Promise<{ cold: PageRun; warm: PageRun[]; pageErrors: string[] } | { skipped: string }> {
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath}` };
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) return { skipped: "the web app is not built" };
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
    });
    await context.addInitScript(installProbe, CARDS);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${base}/auth`);
    await page.getByLabel("メールアドレス").fill(owner.email);
    await page.getByLabel("パスワード", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth"), { timeout: 90_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
    const url = `${base}/analytics/workspace/${workspaceId}`;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    const cold = await loadPage(page, cdp, url);
    const warm: PageRun[] = [];
    for (let i = 0; i < runs; i++) warm.push(await loadPage(page, cdp, url));
    return { cold, warm, pageErrors };
  } finally {
    await browser.close();
  }
}
