import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

// Two people's browsers: the owner comments on a task mentioning the member, whose bell rises live; nobody reloads.

test("a comment mentioning a colleague reaches their bell live and opens the task with the comment", async ({
  browser,
}) => {
  test.slow();
  const team = await taskTeam("株式会社コメント");
  const task = await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "提案書を確認する",
    assignee_id: team.owner.staffId,
    group_id: team.group.id,
  });

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, team.member.email);
  const bell = memberPage.getByRole("button", { name: /^通知/ });
  // The first page of a cold browser may take a while on a busy machine.
  await expect(bell).toHaveAccessibleName("通知", { timeout: 30_000 });

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, team.owner.email);
  // Opened from the row of 自分's list, as a user does.
  await ownerPage.goto("/task/me");
  await ownerPage.getByRole("button", { name: "提案書を確認する", exact: true }).click({ timeout: 30_000 });
  const drawer = ownerPage.getByRole("dialog", { name: "タスク詳細" });
  await expect(drawer.getByRole("textbox", { name: "タスク名" })).toHaveValue("提案書を確認する", { timeout: 30_000 });
  const editor = drawer.getByRole("textbox", { name: "コメント" });
  await editor.click();
  await ownerPage.keyboard.type("@森");
  await ownerPage.getByRole("menuitem", { name: /森/ }).click();
  await ownerPage.keyboard.type(" 内容の確認をお願いします");
  // Enter makes a new line; Ctrl+Enter sends.
  await ownerPage.keyboard.press("Control+Enter");
  const posted = drawer.getByRole("list", { name: "コメント" }).getByRole("listitem");
  await expect(posted).toHaveCount(1);
  await expect(posted.locator(".mention")).toHaveText("@森\u3000一郎");
  await expect(drawer.getByRole("button", { name: /ウォッチ中/ })).toBeVisible();

  // The member's bell, without a reload.
  await expect(bell).toHaveAccessibleName("通知（未読 1 件）", { timeout: 10_000 });
  await bell.click();
  const entry = memberPage.getByRole("dialog", { name: "通知" }).getByRole("button", { name: /提案書を確認する/ });
  await expect(entry).toContainText("あなたをメンションしました");
  await entry.click();
  await expect(memberPage).toHaveURL(new RegExp(`task=${task.id}`));
  const memberDrawer = memberPage.getByRole("dialog", { name: "タスク詳細" });
  const comment = memberDrawer.getByRole("list", { name: "コメント" }).getByRole("listitem");
  await expect(comment).toContainText("内容の確認をお願いします", { timeout: 30_000 });
  await expect(comment.locator(".mention")).toHaveText("@森\u3000一郎");

  await ownerContext.close();
  await memberContext.close();
});
