import { countUnreadNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

// The bell of two people's browsers: nobody reloads a page in these journeys.

test("the bell count rises live when another user assigns a task, and the panel opens the task", async ({
  browser,
}) => {
  test.slow();
  const team = await taskTeam("株式会社ベル");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto("/task/me");
  const bell = memberPage.getByRole("button", { name: /^通知/ });
  await expect(bell).toHaveAccessibleName("通知");

  // The owner, in their own browser, assigns a task to the member.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, team.owner.email);
  const task = await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "見積書を作成する",
    assignee_id: team.member.staffId,
  });

  // Within a few seconds, without a reload or a focus change.
  await expect(bell).toHaveAccessibleName("通知（未読 1 件）", { timeout: 5_000 });
  await expect(memberPage.getByTestId("notification-badge")).toContainText("1");

  await bell.click();
  const panel = memberPage.getByRole("dialog", { name: "通知" });
  const entry = panel.getByRole("button", { name: /見積書を作成する/ });
  await expect(entry).toContainText("さんがあなたをタスク「見積書を作成する」の担当者に設定しました");
  await entry.click();
  await expect(memberPage).toHaveURL(new RegExp(`/task/me\\?.*task=${task.id}`));
  // Read now: the badge is gone (behind the task drawer, which the panel opened and Esc closes).
  const drawer = memberPage.getByRole("dialog", { name: "タスク詳細" });
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toHaveValue("見積書を作成する");
  await memberPage.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("通知");

  // Her own change tells the owner nothing, and the owner's bell stays quiet.
  await expect(ownerPage.getByRole("button", { name: /^通知/ })).toHaveAccessibleName("通知");
  await ownerContext.close();
  await memberContext.close();
});

test("the 通知 page pages through everything and marks all read", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社通知一覧");
  for (let index = 1; index <= 22; index += 1) {
    await createTask(team.owner.token, {
      workspace_id: team.owner.workspaceId,
      title: `タスク${index}`,
      assignee_id: team.member.staffId,
    });
  }
  await signIn(page, team.member.email);
  await page.goto("/notification");
  await expect(page.getByRole("heading", { name: "通知", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "通知の一覧" });
  await expect(list.getByRole("button")).toHaveCount(20);
  await expect(list.getByRole("button").first()).toContainText("タスク22");
  await page.getByRole("button", { name: "ページ2へ" }).click();
  await expect(list.getByRole("button")).toHaveCount(2);
  await expect(list.getByRole("button").last()).toContainText("タスク1」");

  await page.getByRole("tab", { name: "未読（22）" }).click();
  await page.getByRole("button", { name: "すべて既読にする" }).click();
  await expect(page.getByText("未読の通知はありません")).toBeVisible();
  await expect(page.getByRole("button", { name: /^通知/ })).toHaveAccessibleName("通知");
  const count = await api.ok(
    countUnreadNotificationsContract,
    { query: { workspace_id: team.owner.workspaceId } },
    { token: team.member.token },
  );
  expect(count.count).toBe(0);
});

test("the e-mail preference is chosen on プロフィール and kept", async ({ page }) => {
  const team = await taskTeam("株式会社メール設定");
  await signIn(page, team.member.email);
  await page.goto("/mypage/profile");
  const digest = page.getByRole("radio", { name: /毎朝まとめて受け取る/ });
  await expect(page.getByRole("radio", { name: /すぐに受け取る/ })).toBeChecked();
  await digest.check();
  await expect(page.getByText("メール通知の設定を保存しました")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: /毎朝まとめて受け取る/ })).toBeChecked();
});
