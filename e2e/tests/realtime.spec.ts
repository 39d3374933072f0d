import { putWorkspaceUserStatusContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

// Live updates between two people's browsers: nobody reloads a page in these journeys.

test("a task changed by one user shows in the other's open list without a reload", async ({ browser }) => {
  test.slow();
  const team = await taskTeam("株式会社リアルタイム");
  await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "提案書をレビューする",
    assignee_id: team.member.staffId,
    manager_id: team.owner.staffId,
  });

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, team.owner.email);
  // Every status: the manager watches the task become 完了 (the default list holds unfinished work only).
  await ownerPage.goto("/task/management?status=all");
  const ownerRow = ownerPage.getByRole("row", { name: "提案書をレビューする" });
  await expect(ownerRow).toHaveAttribute("data-status", "none");

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto("/task/me");
  const memberRow = memberPage.getByRole("row", { name: "提案書をレビューする" });
  await expect(memberRow).toBeVisible();

  // The assignee marks it done in their browser; the manager's open list follows within a second or so.
  await memberRow.getByRole("combobox", { name: "提案書をレビューするのステータス" }).click();
  await memberPage.getByRole("option", { name: "完了" }).click();
  await expect(memberRow).toHaveAttribute("data-status", "done");
  await expect(ownerRow).toHaveAttribute("data-status", "done", { timeout: 3_000 });

  // A task the manager assigns to the member appears in the member's list as it is created.
  await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "議事録を共有する",
    assignee_id: team.member.staffId,
  });
  await expect(memberPage.getByRole("row", { name: "議事録を共有する" })).toBeVisible({ timeout: 3_000 });

  await ownerContext.close();
  await memberContext.close();
});

test("a suspended member's open page is signed out of the workspace at once", async ({ browser }) => {
  test.slow();
  const team = await taskTeam("株式会社即時停止");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto("/task/me");
  await expect(memberPage.getByText("株式会社即時停止").first()).toBeVisible();

  await api.ok(
    putWorkspaceUserStatusContract,
    { params: { id: team.member.staffId }, body: { status: "suspended" } },
    { token: team.owner.token },
  );

  // Their only workspace stopped: the page leaves it for the workspace step, which says why.
  await expect(memberPage).toHaveURL(/\/auth\/signup/, { timeout: 5_000 });
  await expect(memberPage.getByText(/「株式会社即時停止」へのアクセスは停止されています/)).toBeVisible();
  await memberContext.close();
});
