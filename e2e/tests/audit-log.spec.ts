import { readFileSync } from "node:fs";
import { updateTaskContract } from "@tasuki/contract/task/task.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

test("an owner reads who changed what on 監査ログ, filters it and downloads it; a member may not", async ({
  browser,
}) => {
  test.slow();
  const team = await taskTeam("株式会社監査ログ");
  const task = await createTask(team.member.token, {
    workspace_id: team.owner.workspaceId,
    title: "契約書を確認する",
    assignee_id: team.member.staffId,
  });
  await api.ok(
    updateTaskContract,
    { params: { id: task.id }, body: { title: "契約書を最終確認する" } },
    { token: team.member.token },
  );

  const ownerPage = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(ownerPage, team.owner.email);
  await ownerPage.goto("/organization/staff");
  await ownerPage.getByRole("tablist", { name: "組織メニュー" }).getByRole("tab", { name: "監査ログ" }).click();
  await expect(ownerPage).toHaveURL(/\/organization\/audit-log/);
  await expect(ownerPage.getByRole("heading", { name: "監査ログ", level: 1 })).toBeVisible();

  await ownerPage.getByRole("combobox", { name: "対象" }).click();
  await ownerPage.getByRole("option", { name: "タスク", exact: true }).click();
  const table = ownerPage.getByRole("table", { name: "監査ログ" });
  const rowOf = (action: string) =>
    table
      .getByRole("row")
      .filter({ has: ownerPage.getByText(action, { exact: true }) })
      .first();
  const edit = rowOf("変更");
  await expect(edit).toContainText("契約書を最終確認する");
  await expect(edit).toContainText("タイトル");
  // One line per change; opened, it shows every field from → to.
  await edit.getByRole("button", { name: "変更内容を開く" }).click();
  const details = table.getByRole("definition").filter({ hasText: "契約書を確認する" });
  await expect(details).toContainText("契約書を確認する→契約書を最終確認する");
  await expect(rowOf("作成")).toContainText("契約書を確認する");
  await ownerPage.screenshot({ path: "../.tasuki/e2e-results/audit-log-page.png", fullPage: true });
  await expect(ownerPage).toHaveURL(/entity=task/);

  const downloading = ownerPage.waitForEvent("download");
  await ownerPage.getByRole("button", { name: "CSVエクスポート" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^監査ログ_\d{8}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString("utf8")).toContain("契約書を最終確認する");

  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto("/organization/audit-log");
  await expect(memberPage.getByRole("alert")).toContainText("監査ログ");
  await expect(memberPage.getByRole("table", { name: "監査ログ" })).toHaveCount(0);
});
