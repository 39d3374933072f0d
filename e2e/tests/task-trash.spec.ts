import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

test("a deleted task comes back with 元に戻す, and later from the trash", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社ゴミ箱");
  for (const title of ["請求書を発行する", "名刺を発注する"]) {
    await createTask(team.owner.token, {
      workspace_id: team.owner.workspaceId,
      title,
      assignee_id: team.owner.staffId,
    });
  }
  await signIn(page, team.owner.email);
  await page.goto("/task/me");
  const row = page.getByRole("row", { name: "請求書を発行する" });
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: "請求書を発行するの操作" }).click();
  await page.getByRole("menuitem", { name: "削除" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("「請求書を発行する」を削除しました")).toBeVisible();
  await page.getByRole("button", { name: "元に戻す" }).click();
  await expect(page.getByText("「請求書を発行する」を元に戻しました")).toBeVisible();
  await expect(row).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row", { name: "請求書を発行する" })).toBeVisible();

  // Delete both in one go from the bulk bar, then restore one of them from the trash.
  await page.getByRole("checkbox", { name: "表示中のタスクをすべて選択" }).check();
  await page.getByRole("toolbar", { name: "選択したタスクの一括操作" }).getByRole("button", { name: "削除" }).click();
  await expect(page.getByText("2件のタスクを削除しました")).toBeVisible();
  await expect(page.getByText("担当している未完了のタスクはありません")).toBeVisible();

  await page.getByRole("button", { name: "ゴミ箱", exact: true }).click();
  await expect(page).toHaveURL(/view=trash/);
  await expect(page.getByRole("row", { name: "名刺を発注する" })).toBeVisible();
  await page.getByRole("button", { name: "名刺を発注するの操作" }).click();
  await page.getByRole("menuitem", { name: "復元" }).click();
  await expect(page.getByText("「名刺を発注する」を復元しました")).toBeVisible();
  await expect(page.getByRole("row", { name: "名刺を発注する" })).toHaveCount(0);

  await page.getByRole("button", { name: "一覧に戻る" }).click();
  await expect(page.getByRole("row", { name: "名刺を発注する" })).toBeVisible();
  await expect(page.getByRole("row", { name: "請求書を発行する" })).toHaveCount(0);
});

test("a deleted 大項目 takes its tasks to the trash and restoring it brings them back", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社まとめて復元");
  const primary = await api.ok(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: team.owner.workspaceId,
        project_id: team.project.id,
        name: "会場手配",
      },
    },
    { token: team.owner.token },
  );
  for (const title of ["会場を予約する", "備品を手配する"]) {
    await createTask(team.owner.token, {
      workspace_id: team.owner.workspaceId,
      title,
      project_id: team.project.id,
      primary_item_id: primary.id,
    });
  }
  await signIn(page, team.owner.email);
  await page.goto(`/task/project?project_id=${team.project.id}`);
  await expect(page.getByRole("row", { name: "大項目 会場手配" })).toContainText("2件");

  await page.getByRole("button", { name: "会場手配の操作" }).click();
  await page.getByRole("menuitem", { name: /削除/ }).click();
  await expect(page.getByText("大項目「会場手配」を削除しました")).toBeVisible();
  await expect(page.getByRole("row", { name: "大項目 会場手配" })).toHaveCount(0);
  await expect(page.getByRole("row", { name: "会場を予約する" })).toHaveCount(0);

  await page.getByRole("button", { name: "ゴミ箱", exact: true }).click();
  const deletedItems = page.getByLabel("削除した大項目・中項目");
  await expect(deletedItems).toContainText("会場手配");
  await deletedItems.getByRole("button", { name: "復元" }).click();
  await expect(page.getByText("「会場手配」を配下のタスクとともに復元しました")).toBeVisible();

  await page.getByRole("button", { name: "一覧に戻る" }).click();
  await expect(page.getByRole("row", { name: "大項目 会場手配" })).toContainText("2件");
  await expect(page.getByRole("row", { name: "会場を予約する" })).toBeVisible();
  await expect(page.getByRole("row", { name: "備品を手配する" })).toBeVisible();
});
