// A comment's time to reach another open browser: two people of the sample company have the same task's drawer
// open in two Chromium pages; the owner posts a comment (POST /app/task/{id}/comment/new from the owner's page, as
// the drawer's editor does on Ctrl+Enter) and the assignee's drawer shows it without a reload (the realtime event
// → the comment list read again → drawn). Measured: the POST's answer in the owner's page → the comment's text in
// the assignee's DOM, at the next animation frame (i.e. when it is painted). Both pages run in one browser on one
// machine, so `Date.now()` in each reads the same clock.
//
//   npm run bench:comment-latency -w @tasuki/bench     (build first: npm run build)
//
// The sample company (bench/sample-company.ts, BENCH_STAFF 150) in the embedded PostgreSQL server of a new
// DATA_DIR; BENCH_SAMPLES (20) comments, one at a time, each waited for before the next, BENCH_PAUSE_MS (300) apart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { formatTable, root, round, runBench, sleep, startServer } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  samples: num("BENCH_SAMPLES", 20),
  pauseMs: num("BENCH_PAUSE_MS", 300),
  staff: num("BENCH_STAFF", 150),
};
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const cleanups: (() => unknown)[] = [];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function call<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function signIn(base: string, email: string, password: string) {
  const { access_token: token } = await call<{ access_token: string }>(base, "POST", "/app/auth/login-with-email", {
    email,
    password,
  });
  const me = await call<{ workspace_users: { id: string; workspace_id: string }[] }>(
    base,
    "GET",
    "/app/user/me",
    undefined,
    token,
  );
  return { token, staffId: me.workspace_users[0]!.id, workspaceId: me.workspace_users[0]!.workspace_id };
}

/** A browser page signed in through the login page, with the task's drawer open and its comment list drawn. */
async function drawerPage(page: Page, base: string, email: string, password: string, taskId: string) {
  await page.goto(`${base}/task/me?task=${taskId}`);
  // Signed out: the login page, which returns to the task afterwards.
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  await drawer.getByRole("textbox", { name: "コメント" }).waitFor({ timeout: 180_000 });
}

async function main() {
  const startedAt = new Date();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-comments-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  console.log("bench: writing the sample company…");
  const database = await openConfiguredDatabase({ dataDir });
  let summary: Awaited<ReturnType<typeof fillSampleCompany>>;
  try {
    summary = await fillSampleCompany(database.db, {
      companyName: "コメント計測株式会社",
      workspaceCode: "bench-comments",
      emailDomain: "bench-comments.example",
      ownerEmail: "owner@bench-comments.example",
      password: "Bench-Comments-2026",
      staff: settings.staff,
      projects: null,
      tasks: null,
      now: new Date(),
    });
  } finally {
    await database.close();
  }
  const server = await startServer({ DATA_DIR: dataDir }, cleanups);
  const base = server.base;

  // The owner gives the sample member a task: the assignee and its author may both see it.
  const owner = await signIn(base, summary.ownerEmail, summary.password);
  const member = await signIn(base, summary.sampleMemberEmail, summary.password);
  const task = await call<{ id: string }>(
    base,
    "POST",
    "/app/task/new",
    {
      workspace_id: owner.workspaceId,
      title: "コメントの届く速さを測る",
      assignee_id: member.staffId,
      priority: "middle",
    },
    owner.token,
  );

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  cleanups.unshift(() => browser.close());
  const pageOf = async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
    });
    return context.newPage();
  };
  const ownerPage = await pageOf();
  const memberPage = await pageOf();
  const pageErrors: string[] = [];
  for (const page of [ownerPage, memberPage]) page.on("pageerror", (error) => pageErrors.push(error.message));
  await drawerPage(memberPage, base, summary.sampleMemberEmail, summary.password, task.id);
  await drawerPage(ownerPage, base, summary.ownerEmail, summary.password, task.id);

  const samples: { latencyMs: number; postMs: number; load: number }[] = [];
  for (let i = 0; i < settings.samples; i++) {
    const text = `計測コメント ${i + 1} ${Math.random().toString(36).slice(2, 8)}`;
    // The member's page notes when the text is in its DOM, then waits for the next frame (it is painted).
    const seen = memberPage.evaluate(
      (wanted) =>
        new Promise<number>((resolve) => {
          const found = () =>
            [...document.querySelectorAll('[role="dialog"] ol[aria-label="コメント"] li')].some((li) =>
              li.textContent?.includes(wanted),
            );
          const done = () => requestAnimationFrame(() => resolve(Date.now()));
          if (found()) return done();
          const observer = new MutationObserver(() => {
            if (!found()) return;
            observer.disconnect();
            done();
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      text,
    );
    await sleep(50); // the observer is installed before the comment is sent
    const posted = await ownerPage.evaluate(
      async ({ url, token, body }) => {
        const sent = Date.now();
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ body }),
        });
        await response.json();
        return { status: response.status, sent, answered: Date.now() };
      },
      { url: `${base}/app/task/${task.id}/comment/new`, token: owner.token, body: `<p>${text}</p>` },
    );
    if (posted.status !== 201) throw new Error(`comment ${i + 1}: POST answered ${posted.status}`);
    const shownAt = await Promise.race([
      seen,
      sleep(60_000).then(() => {
        throw new Error(`comment ${i + 1} did not reach the other page within 60 s`);
      }),
    ]);
    samples.push({
      latencyMs: shownAt - posted.answered,
      postMs: posted.answered - posted.sent,
      load: round(os.loadavg()[0] ?? 0, 2),
    });
    console.log(`bench: comment ${i + 1}: ${shownAt - posted.answered} ms after the POST's answer`);
    await sleep(settings.pauseMs);
  }

  const latencies = samples.map((s) => s.latencyMs);
  const posts = samples.map((s) => s.postMs);
  const loads = samples.map((s) => s.load);
  const summaryRow = {
    samples: samples.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
    postP50: percentile(posts, 50),
    load: `${Math.min(...loads)}–${Math.max(...loads)}`,
  };
  console.log("");
  console.log(
    formatTable([
      ["samples", "POST answer → shown in the other page: p50 ms", "p95 ms", "max ms", "POST itself p50 ms", "load"],
      [summaryRow.samples, summaryRow.p50, summaryRow.p95, summaryRow.max, summaryRow.postP50, summaryRow.load],
    ]),
  );
  const resultsDir = path.join(root, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `comment-latency-${startedAt.toISOString().replace(/[:.]/g, "-").slice(0, 19)}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: "comment-latency", startedAt, settings, summary: summaryRow, samples, pageErrors }, null, 2)}\n`,
  );
  console.log(`bench: results in ${path.relative(root, file)}`);
  if (pageErrors.length) {
    console.error(pageErrors);
    process.exitCode = 1;
  }
}

await runBench(main, cleanups);
