import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

test("the assignee marks a task done in 自分 and the manager closes it in 管理", async ({ browser }) => {
  test.slow();
  const team = await taskTeam("株式会社ステータス");
  await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "週次報告を提出する",
    assignee_id: team.member.staffId,
    manager_id: team.owner.staffId,
    project_id: team.project.id,
    group_id: team.group.id,
  });

  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto("/task/me");
  const memberRow = memberPage.getByRole("row", { name: "週次報告を提出する" });
  await expect(memberRow).toBeVisible();
  await memberRow.getByRole("combobox", { name: "週次報告を提出するのステータス" }).click();
  await memberPage.getByRole("option", { name: "完了" }).click();
  await expect(memberRow).toHaveAttribute("data-status", "done");
  // Priority and deadline are edited in the row too.
  await memberRow.getByRole("combobox", { name: "週次報告を提出するの優先度" }).click();
  await memberPage.getByRole("option", { name: "高" }).click();
  // The date input appears once the deadline is clicked (rows carry no date input until then).
  await memberRow.getByRole("button", { name: "週次報告を提出するの期限" }).click();
  await memberRow.getByLabel("週次報告を提出するの期限").fill("2030-12-24");
  await expect(memberRow.getByLabel("週次報告を提出するの期限")).toHaveValue("2030-12-24");
  await expect(memberRow).toContainText("2030/12/24");
  // The list shows unfinished work by default: after a reload the finished task is one click away.
  await memberPage.reload();
  await expect(memberPage.getByText("担当している未完了のタスクはありません")).toBeVisible();
  await expect(memberPage.getByRole("search").getByRole("combobox", { name: /ステータス/ })).toContainText("未完了");
  await memberPage.getByRole("button", { name: "完了したタスクも表示" }).click();
  await expect(memberPage).toHaveURL(/status=all/);
  await expect(memberPage.getByRole("row", { name: "週次報告を提出する" })).toHaveAttribute("data-status", "done");
  await expect(memberPage.getByRole("row", { name: "週次報告を提出する" })).toContainText("2030/12/24");
  await expect(memberPage.getByRole("combobox", { name: "週次報告を提出するの優先度" })).toContainText("高");

  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage, team.owner.email);
  await ownerPage.goto("/task/management?status=all");
  const ownerRow = ownerPage.getByRole("row", { name: "週次報告を提出する" });
  await expect(ownerRow).toHaveAttribute("data-status", "done");
  await ownerRow.getByRole("combobox", { name: "週次報告を提出するのステータス" }).click();
  await ownerPage.getByRole("option", { name: "クローズ" }).click();
  await expect(ownerRow).toHaveAttribute("data-status", "closed");
  await ownerPage.reload();
  await expect(ownerPage.getByRole("row", { name: "週次報告を提出する" })).toHaveAttribute("data-status", "closed");

  // The member sees the closed state too; the filter keeps only open work when asked.
  await memberPage.goto("/task/me?status=none,in_progress");
  await expect(memberPage.getByText("条件に一致するタスクはありません")).toBeVisible();
});
