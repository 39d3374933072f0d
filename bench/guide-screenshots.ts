// The pictures of the template guide (/tasktpl/task-tpl-guide), taken with Debian's Chromium from the sample company:
//   DATA_DIR=./data-demo npm run demo && DATA_DIR=./data-demo PORT=3400 npm start   (in another shell)
//   BASE_URL=http://localhost:3400 npm run guide-screenshots -w @tasuki/bench
// It takes a catalogue template into ひかり産業's templates (once), uses it in a project, and writes the PNGs to
// apps/web/public/guide/. SHOTS_DIR=… writes them elsewhere, and PHONE=1 adds 390-wide pictures of each page.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const out = path.resolve(process.env.SHOTS_DIR ?? path.join(import.meta.dirname, "../apps/web/public/guide"));
const EMAIL = "demo@hikari-sangyo.example";
const PASSWORD = "Hikari-Demo-2026";

async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

async function signIn(page: Page) {
  await page.goto(`${base}/auth`);
  await page.getByLabel("メールアドレス").fill(EMAIL);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL(/\/task/);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(out, name) });

async function main() {
  mkdirSync(out, { recursive: true });
  const { access_token: token } = await call<{ access_token: string }>("POST", "/app/auth/login-with-email", null, {
    email: EMAIL,
    password: PASSWORD,
  });
  const me = await call<{ workspace_users: { workspace_id: string; role: string }[] }>("GET", "/app/user/me", token);
  const workspaceId = me.workspace_users.find((row) => row.role === "owner")?.workspace_id;
  if (!workspaceId) throw new Error("the demo owner has no workspace");
  const projects = await call<{ items: { id: string; name: string }[] }>(
    "GET",
    `/app/project/list?workspace_id=${workspaceId}&per_page=100`,
    token,
  );
  // A project of its own, so that the plan made from the template is what the project tab shows first.
  let project = projects.items.find((item) => item.name === "新型ポンプX-200 量産化");
  const fresh = !project;
  if (!project) {
    project = await call<{ id: string; name: string }>("POST", "/app/project/new", token, {
      workspace_id: workspaceId,
      name: "新型ポンプX-200 量産化",
    });
  }

  // One catalogue template of 製造業 in the company's templates, used once in the first project.
  const catalogue = await call<{ items: { id: string; name: string }[] }>(
    "GET",
    `/app/ai-primary-tpl/list?workspace_id=${workspaceId}`,
    token,
  );
  const own = await call<{ items: { id: string; name: string }[] }>(
    "GET",
    `/app/primary-item-tpl/list?workspace_id=${workspaceId}`,
    token,
  );
  const entry = catalogue.items.find((item) => item.name === "新製品の量産立ち上げ") ?? catalogue.items[0];
  if (!entry) throw new Error("the catalogue is empty");
  let template = own.items.find((item) => item.name === entry.name);
  if (!template) {
    const full = catalogue.items.find((item) => item.id === entry.id) as unknown as Record<string, unknown>;
    template = await call<{ id: string; name: string }>("POST", "/app/primary-item-tpl/new", token, {
      workspace_id: workspaceId,
      name: full.name,
      description: full.description,
      day_basis: full.day_basis,
      secondary_items: full.secondary_items,
      tasks: full.tasks,
      origin: "catalogue",
    });
  }
  if (fresh) {
    await call("POST", "/app/primary-item-tpl/use", token, {
      workspace_id: workspaceId,
      ids: [template.id],
      start_date: "2027-04-26",
      project_id: project.id,
    });
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  await signIn(page);

  await page.goto(`${base}/tasktpl?tab=item&id=primary_item:${template.id}`);
  await page.getByLabel("開始日").first().fill("2027-04-26");
  await page.getByRole("table", { name: "日付のプレビュー" }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await shot(page, "template-editor.png");

  await page.getByRole("button", { name: /業種別テンプレート集/ }).click();
  const catalogueDialog = page.getByRole("dialog", { name: "業種別テンプレート集" });
  await catalogueDialog.getByRole("button", { name: /展示会出展/ }).click();
  await page.waitForTimeout(400);
  await shot(page, "template-catalogue.png");
  await catalogueDialog.getByRole("button", { name: "閉じる" }).click();

  await page.getByRole("button", { name: "使う" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("プロジェクト", { exact: true }).click();
  await page.getByRole("option", { name: project.name }).click();
  await dialog.getByLabel("開始日").fill("2027-04-26");
  await dialog.getByRole("table", { name: "日付のプレビュー" }).waitFor();
  await page.waitForTimeout(500);
  await shot(page, "template-use.png");
  await dialog.getByRole("button", { name: "キャンセル" }).click();

  await page.goto(`${base}/task/project?project_id=${project.id}`);
  const item = page.getByRole("row", { name: `大項目 ${entry.name}` }).first();
  await item.waitFor({ timeout: 120_000 });
  await item.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await shot(page, "template-project.png");
  await page
    .getByRole("button", { name: `${entry.name}の操作` })
    .first()
    .click();
  await page.waitForTimeout(300);
  await shot(page, "template-save-as.png");
  await page.keyboard.press("Escape");

  if (process.env.PHONE) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/tasktpl`);
    await page.waitForTimeout(800);
    await shot(page, "phone-list.png");
    await page.goto(`${base}/tasktpl?tab=item&id=primary_item:${template.id}`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, "phone-editor.png"), fullPage: true });
    await page.goto(`${base}/tasktpl/task-tpl-guide`);
    await page.waitForTimeout(800);
    await shot(page, "phone-guide.png");
  }
  await browser.close();
}

await main();
