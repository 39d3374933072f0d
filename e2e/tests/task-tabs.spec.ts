import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

async function titlesOf(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole("columnheader", { name: /タスク名/ })).toBeVisible();
  await expect(page.getByRole("status", { name: "読み込み中" })).toHaveCount(0);
  return page
    .locator('[role="row"][data-status]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label") ?? "").sort());
}

test("two users see the right tasks in each tab", async ({ browser }) => {
  test.slow();
  const team = await taskTeam("株式会社タブ");
  const base = { workspace_id: team.owner.workspaceId };
  await createTask(team.owner.token, {
    ...base,
    title: "A 部下の担当・上司が管理",
    assignee_id: team.member.staffId,
    manager_id: team.owner.staffId,
  });
  await createTask(team.owner.token, { ...base, title: "B 上司の担当", assignee_id: team.owner.staffId });
  await createTask(team.owner.token, { ...base, title: "C 全社公開", is_public: true });
  await createTask(team.owner.token, { ...base, title: "D 営業部のタスク", group_id: team.group.id });
  await createTask(team.owner.token, {
    ...base,
    title: "E プロジェクトのタスク",
    project_id: team.project.id,
    assignee_id: team.owner.staffId,
  });

  const member = await (await browser.newContext()).newPage();
  await signIn(member, team.member.email);
  expect(await titlesOf(member, "/task/me")).toEqual(["A 部下の担当・上司が管理"]);
  expect(await titlesOf(member, "/task/management")).toEqual([]);
  expect(await titlesOf(member, "/task/public")).toEqual(["C 全社公開"]);
  expect(await titlesOf(member, "/task/group")).toEqual(["D 営業部のタスク"]);
  expect(await titlesOf(member, `/task/project?project_id=${team.project.id}`)).toEqual(["E プロジェクトのタスク"]);

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, team.owner.email);
  expect(await titlesOf(owner, "/task/me")).toEqual(["B 上司の担当", "E プロジェクトのタスク"]);
  expect(await titlesOf(owner, "/task/management")).toEqual(["A 部下の担当・上司が管理"]);
  expect(await titlesOf(owner, "/task/public")).toEqual(["C 全社公開"]);

  // The タスク link of the navigation returns to the last task page visited.
  await owner.goto("/task/public");
  await expect(owner.getByRole("row", { name: "C 全社公開" })).toBeVisible();
  await owner.goto("/organization/staff");
  await owner.getByRole("link", { name: "タスク", exact: true }).click();
  await expect(owner).toHaveURL(/\/task\/public$/);
  await expect(owner.getByRole("row", { name: "C 全社公開" })).toBeVisible();

  // CSV出力: the list on screen, UTF-8 with a BOM for Excel.
  await owner.goto("/task/me");
  await expect(owner.getByRole("row", { name: "B 上司の担当" })).toBeVisible();
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    owner.getByRole("button", { name: "CSV出力" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^タスク一覧_自分_\d{8}_\d{4}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^グループ,プロジェクト,大項目,中項目,タスク名,ステータス,優先度,担当者/);
  expect(
    lines
      .slice(1)
      .map((line) => line.split(",")[4])
      .sort(),
  ).toEqual(["B 上司の担当", "E プロジェクトのタスク"]);

  // Filters live in the address: a shared link opens the same narrowed list.
  expect(await titlesOf(owner, "/task/me?q=%E4%B8%8A%E5%8F%B8")).toEqual(["B 上司の担当"]);
  await expect(owner.getByLabel("タスク名で検索")).toHaveValue("上司");
});
