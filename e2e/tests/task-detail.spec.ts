import type { Page } from "@playwright/test";
import { addDays, tokyoDate, weekdayOf } from "@tasuki/contract/rules/tokyo-date";
import {
  deleteTaskContract,
  getTaskContract,
  listTasksContract,
  newTaskContract,
} from "@tasuki/contract/task/task.contracts";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { holidayJpCalendar } from "../../apps/api/src/lib/holiday-calendar.ts";
import { api, createUser } from "../support/api.ts";
import { expect, PASSWORD, test } from "../support/fixtures.ts";
import { accessToken } from "../support/organization.ts";

/**
 * 成人の日 2031 (the second Monday of January): the Mondays a week before and one and two weeks after are ordinary
 * days, so a weekly Monday rule skipping holidays loses exactly this one around it. The preview lists a rule from
 * its start date, so a date years ahead shows the same whatever day the suite runs on.
 */
const HOLIDAY = { date: "2031-01-13", name: "成人の日" };
/** How far ahead saving a rule generates tasks (PERIODIC_HORIZON_DAYS of the API). */
const HORIZON_DAYS = 60;

/** 「2027/01/18（月）」 as the drawer lists a generated task. */
const slashDate = (date: string) => `${date.replaceAll("-", "/")}（月）`;

/** An owner with a workspace and one task assigned to them, made through the API. */
async function ownerWithTask(title: string) {
  const owner = await createUser({ workspace: "株式会社タスク詳細" });
  const token = await accessToken(owner.email);
  const me = await api.ok(getMeContract, {}, { token });
  const membership = me.workspace_users[0]!;
  const task = await api.ok(
    newTaskContract,
    { body: { workspace_id: membership.workspace_id, title, assignee_id: membership.id, priority: "middle" } },
    { token },
  );
  return { ...owner, token, workspaceId: membership.workspace_id, taskId: task.id };
}

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/task/);
}

/**
 * The drawer of a task, opened by its address as a link from any list would. A whole page load with the drawer's
 * own script: as long as the first load after signing in may take on a busy two-core machine (see signIn).
 */
async function openDrawer(page: Page, taskId: string) {
  await page.goto(`/task/me?task=${taskId}`);
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toBeVisible({ timeout: 30_000 });
  return drawer;
}

test("a weekly periodic task skipping a Monday holiday previews and generates the right dates", async ({ page }) => {
  const expected = [addDays(HOLIDAY.date, -7), addDays(HOLIDAY.date, 7), addDays(HOLIDAY.date, 14)];

  const owner = await ownerWithTask("週次の売上報告");
  await logIn(page, owner.email);
  const drawer = await openDrawer(page, owner.taskId);

  const periodic = drawer.getByRole("region", { name: "繰り返し" });
  await periodic.getByRole("button", { name: "繰り返しを設定" }).click();
  await periodic.getByRole("combobox", { name: "繰り返し" }).click();
  await page.getByRole("option", { name: "毎週" }).click();
  // Only Monday: the start date's own weekday may have been chosen for us.
  const weekdays = periodic.getByRole("group", { name: "曜日" });
  for (const day of ["火", "水", "木", "金", "土", "日"]) {
    const button = weekdays.getByRole("button", { name: `${day}曜日` });
    if ((await button.getAttribute("aria-pressed")) === "true") await button.click();
  }
  const monday = weekdays.getByRole("button", { name: "月曜日" });
  if ((await monday.getAttribute("aria-pressed")) !== "true") await monday.click();
  await periodic.getByLabel("開始日", { exact: true }).fill(expected[0]!);
  await periodic.getByRole("button", { name: "スキップ" }).click();

  // The preview: the rule in words and the Mondays around the holiday, without it.
  const preview = periodic.getByRole("region", { name: "次回以降の予定" });
  // The preview waits for typing to settle, then asks the server: allow for a busy machine.
  await expect(preview.getByTestId("periodic-rule-description")).toHaveText("毎週 月曜日（祝日はスキップ）", {
    timeout: 20_000,
  });
  const previewDates = preview.getByRole("list", { name: "予定日" }).getByRole("listitem");
  await expect(previewDates.first()).toContainText("1月6日");
  // 「2031年1月20日(月)」, the year shown only when a date is not in this year: compared without it.
  const rows = (await previewDates.allInnerTexts()).map((text) => text.replace(/^\d+年/, ""));
  const labelOf = (date: string) => {
    const [, month, day] = date.split("-").map(Number);
    return `${month}月${day}日(月)`;
  };
  // The holiday is listed struck through with its name, among the kept dates.
  const skipped = rows.filter((text) => text.includes("スキップ"));
  expect(skipped[0]).toContain(labelOf(HOLIDAY.date));
  expect(skipped[0]).toContain(`${HOLIDAY.name}のためスキップ`);
  const listed = rows.filter((text) => !text.includes("スキップ"));
  expect(listed.slice(0, expected.length)).toEqual(expected.map(labelOf));
  expect(listed).not.toContain(labelOf(HOLIDAY.date));

  // Saving generates the tasks of the next 60 days on the server's clock: started on the first Monday at least two
  // days ahead (a run across midnight still sees it ahead), every Monday up to the horizon that is a business day.
  const today = tokyoDate(Date.now());
  let start = addDays(today, 2);
  while (weekdayOf(start) !== 1) start = addDays(start, 1);
  const mondays: string[] = [];
  // The last two days of the horizon are left out of the comparison for the same reason.
  for (let date = start; date <= addDays(today, HORIZON_DAYS - 2); date = addDays(date, 7)) mondays.push(date);
  const inHorizon = mondays.filter((date) => !holidayJpCalendar.isHoliday(date));
  const holidays = mondays.filter((date) => holidayJpCalendar.isHoliday(date));
  await periodic.getByLabel("開始日", { exact: true }).fill(start);
  await expect(preview.getByRole("list", { name: "予定日" })).toContainText(labelOf(inHorizon[0]!));
  await periodic.getByRole("button", { name: "繰り返しを開始" }).click();
  const generatedList = periodic.getByRole("list", { name: "作成されたタスクの期限" });
  await expect(generatedList).toBeVisible();
  const generated = await generatedList.getByRole("listitem").allInnerTexts();
  for (const date of inHorizon) expect(generated).toContain(slashDate(date));
  for (const date of holidays) expect(generated).not.toContain(slashDate(date));

  // The generated tasks themselves carry those deadlines (23:59:59 in Tokyo).
  const list = await api.ok(
    listTasksContract,
    { query: { workspace_id: owner.workspaceId, tab: "me", per_page: "200" } },
    { token: owner.token },
  );
  const deadlines = list.items
    .filter((task) => task.periodic_series_id && task.title === "週次の売上報告" && task.expires_at)
    .map((task) => tokyoDate(task.expires_at!));
  for (const date of inHorizon) expect(deadlines).toContain(date);
  for (const date of holidays) expect(deadlines).not.toContain(date);

  // An occurrence says which day's round it is instead of offering a rule of its own.
  const occurrence = list.items.find((task) => task.occurrence_date === inHorizon[0]);
  if (!occurrence) throw new Error(`no occurrence on ${inHorizon[0]}`);
  const occurrenceDrawer = await openDrawer(page, occurrence.id);
  await expect(occurrenceDrawer.getByRole("region", { name: "繰り返し" })).toContainText(
    `繰り返しの設定から作られた${slashDate(inHorizon[0]!)}の回です`,
  );
  await openDrawer(page, owner.taskId);

  // After a reload the drawer shows the saved rule and the same preview.
  await page.reload();
  const reopened = page.getByRole("dialog", { name: "タスク詳細" }).getByRole("region", { name: "繰り返し" });
  await expect(reopened.getByTestId("periodic-rule-description")).toHaveText("毎週 月曜日（祝日はスキップ）", {
    timeout: 20_000,
  });

  // Stopping asks first, then the task no longer repeats.
  await reopened.getByRole("button", { name: "繰り返しを解除" }).click();
  await page
    .getByRole("dialog", { name: "繰り返しを解除しますか？" })
    .getByRole("button", { name: "解除する" })
    .click();
  await expect(reopened.getByRole("button", { name: "繰り返しを設定" })).toBeVisible();
});

test("a rule that can never make a task says why while it is drafted, and saving it is refused with the same words", async ({
  page,
}) => {
  const owner = await ownerWithTask("土曜の棚卸し");
  await logIn(page, owner.email);
  const drawer = await openDrawer(page, owner.taskId);
  const periodic = drawer.getByRole("region", { name: "繰り返し" });
  await periodic.getByRole("button", { name: "繰り返しを設定" }).click();
  await periodic.getByRole("combobox", { name: "繰り返し" }).click();
  await page.getByRole("option", { name: "毎週" }).click();
  // Saturdays only, skipping days off: every date it names is a weekend.
  const weekdays = periodic.getByRole("group", { name: "曜日" });
  for (const day of ["月", "火", "水", "木", "金", "土", "日"]) {
    const button = weekdays.getByRole("button", { name: `${day}曜日` });
    const pressed = (await button.getAttribute("aria-pressed")) === "true";
    if (pressed !== (day === "土")) await button.click();
  }
  await periodic.getByRole("button", { name: "スキップ" }).click();

  const words = "土曜日・日曜日は休日のため、スキップすると一度も作られません。";
  // Said under the choices, while the rule is drafted: the preview shows the first Saturdays it would drop.
  await expect(periodic.getByRole("alert")).toContainText(words, { timeout: 20_000 });
  const preview = periodic.getByRole("region", { name: "次回以降の予定" });
  await expect(preview.getByRole("listitem").first()).toContainText("のためスキップ");
  await periodic.getByRole("button", { name: "繰り返しを開始" }).click();
  await expect(drawer.getByRole("alert").filter({ hasText: "保存できませんでした。" })).toContainText(words);
  const task = await api.ok(getTaskContract, { params: { id: owner.taskId } }, { token: owner.token });
  expect(task.periodic_rule).toBeNull();

  // Kept on Saturdays as they are, the rule is fine.
  await periodic.getByRole("button", { name: "そのまま" }).click();
  await expect(periodic.getByRole("alert")).toHaveCount(0, { timeout: 20_000 });
  await periodic.getByRole("button", { name: "繰り返しを開始" }).click();
  await expect(periodic.getByRole("list", { name: "作成されたタスクの期限" })).toBeVisible();
});

test("a field edited in the drawer is saved and survives a reload", async ({ page }) => {
  const owner = await ownerWithTask("見積書の作成");
  await logIn(page, owner.email);
  // Opened from the row of 自分's list, as a user does.
  await page.goto("/task/me");
  await page.getByRole("button", { name: "見積書の作成", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`task=${owner.taskId}`));
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  const saved = drawer.getByRole("status");
  /** Does something that saves, and waits for its PATCH to be answered and the header to say so. */
  const saving = async (action: () => Promise<void>) => {
    const answered = page.waitForResponse(
      (response) => response.url().endsWith(`/app/task/${owner.taskId}`) && response.request().method() === "PATCH",
    );
    await action();
    expect((await answered).status()).toBe(200);
    await expect(saved).toHaveText("保存しました");
  };

  const title = drawer.getByRole("textbox", { name: "タスク名" });
  await saving(async () => {
    await title.fill("見積書の作成（A社向け）");
    await title.press("Enter");
  });
  await saving(async () => {
    await drawer.getByRole("combobox", { name: "優先度" }).click();
    await page.getByRole("option", { name: "高" }).click();
  });
  await saving(async () => {
    await drawer.getByRole("group", { name: "期限" }).getByLabel("期限", { exact: true }).fill("2027-02-26");
    await drawer.getByRole("textbox", { name: "説明" }).click();
  });
  await saving(async () => {
    await drawer.getByRole("textbox", { name: "説明" }).fill("先方の要件を確認してから作成する");
    await title.click();
  });

  await page.reload();
  const again = page.getByRole("dialog", { name: "タスク詳細" });
  await expect(again.getByRole("textbox", { name: "タスク名" })).toHaveValue("見積書の作成（A社向け）");
  await expect(again.getByRole("combobox", { name: "優先度" })).toHaveText("高");
  await expect(again.getByRole("group", { name: "期限" }).getByLabel("期限", { exact: true })).toHaveValue(
    "2027-02-26",
  );
  await expect(again.getByRole("textbox", { name: "説明" })).toHaveValue("先方の要件を確認してから作成する");

  // The assignee starts the work: the history says who moved it from 未着手 to 進行中.
  await again.getByRole("combobox", { name: "ステータス" }).click();
  await page.getByRole("option", { name: "進行中" }).click();
  const history = again.getByRole("list", { name: "ステータス履歴" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("佐藤　花子");
  await expect(history.first()).toContainText("未着手");
  await expect(history.first()).toContainText("進行中");

  // The written description is replaced by a generated one only after asking; the drawer says who wrote it.
  await again.getByRole("button", { name: "説明を自動作成" }).click();
  await page
    .getByRole("dialog", { name: "説明を置き換えますか？" })
    .getByRole("button", { name: "置き換えて作成" })
    .click();
  await expect(again.getByTestId("description-source")).toHaveText("テンプレートで作成");
  await expect(again.getByRole("textbox", { name: "説明" })).toHaveValue(/【目的】/);

  // A title emptied by mistake is refused on the spot and nothing is sent.
  await again.getByRole("textbox", { name: "タスク名" }).fill("");
  await expect(again.getByText("タスク名を入力してください")).toBeVisible();
  await again.getByRole("textbox", { name: "タスク名" }).press("Escape");
  await expect(again.getByRole("textbox", { name: "タスク名" })).toHaveValue("見積書の作成（A社向け）");

  // Closed, the list behind shows the saved title.
  await again.getByRole("button", { name: "閉じる" }).first().click();
  await expect(page.getByRole("dialog", { name: "タスク詳細" })).toBeHidden();
  await expect(page.getByRole("button", { name: "見積書の作成（A社向け）", exact: true })).toBeVisible();
});

test("a task link opened while signed out opens its drawer after login; a bad one says so, a trashed one where it is", async ({
  page,
}) => {
  const owner = await ownerWithTask("契約書の確認");
  // The link of a notification mail, followed in a browser that is not signed in.
  await page.goto(`/task/me?task=${owner.taskId}`);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await page.getByLabel("メールアドレス").fill(owner.email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/task/me\\?task=${owner.taskId}$`));
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  // The first page of a cold browser (the list, then the drawer's chunk) may take a while on a busy machine.
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toHaveValue("契約書の確認", { timeout: 30_000 });

  // A mangled link: the drawer says the task is not there and leads back to the list.
  await page.goto("/task/me?task=not-a-task");
  await expect(drawer.getByText("タスクが見つかりません")).toBeVisible({ timeout: 30_000 });
  await drawer.getByRole("button", { name: "タスク一覧に戻る" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/task=/);

  // The link of a task moved to the trash since the mail was sent still opens it, read-only, saying where it is
  // (it can be restored for 30 days; only a purged task is not found).
  await api.ok(deleteTaskContract, { params: { id: owner.taskId } }, { token: owner.token });
  await page.goto(`/task/me?task=${owner.taskId}`);
  await expect(drawer.getByText("このタスクはゴミ箱にあります。", { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toBeDisabled();
});
