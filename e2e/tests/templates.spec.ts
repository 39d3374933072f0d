import type { Page } from "@playwright/test";
import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { taskTeam } from "../support/tasks.ts";
import { takeCatalogueEntry } from "../support/templates.ts";

/**
 * Templates: built in the tree editor and used in a project from a start date across Golden Week (business days:
 * 2027-04-29 昭和の日 and 5/3–5/5 are skipped, as are the weekends), an existing 大項目 saved as a template, and a
 * catalogue template of a 業種 taken in and used.
 */

async function chooseProject(page: Page, name: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("プロジェクト", { exact: true }).click();
  await page.getByRole("option", { name }).click();
}

test("a template with two 中項目 is built, previewed over Golden Week and used in a project; the project tab shows the deadlines", async ({
  page,
}) => {
  test.slow();
  const team = await taskTeam("株式会社テンプレート");
  await signIn(page, team.owner.email);

  await page.goto("/tasktpl");
  await expect(page.getByRole("heading", { name: "タスクテンプレート" })).toBeVisible();
  await expect(page.getByText("準備中")).toHaveCount(0);
  await page.getByRole("button", { name: "新規作成" }).click();
  await page.getByRole("menuitem", { name: "大項目テンプレート" }).click();

  await page.getByLabel("大項目名").fill("展示会準備");
  await page.getByLabel("中項目1の名前").fill("出展準備");
  const rows = page.getByTestId("template-task-row");
  await rows.nth(0).getByLabel("タスク名").fill("出展申込");
  await rows.nth(0).getByLabel("出展申込の期間（日数）").fill("2");
  await page.getByRole("button", { name: "出展準備にタスクを追加" }).click();
  await rows.nth(1).getByLabel("タスク名").fill("予算の確定");
  await rows.nth(1).getByLabel("予算の確定の開始（何日後）").fill("2");
  await rows.nth(1).getByLabel("予算の確定の期間（日数）").fill("3");
  await page.getByRole("button", { name: "中項目を追加" }).click();
  await page.getByLabel("中項目2の名前").fill("当日運営");
  await rows.nth(2).getByLabel("タスク名").fill("搬入と設営");
  await rows.nth(2).getByLabel("搬入と設営の開始（何日後）").fill("10");
  await rows.nth(2).getByLabel("搬入と設営の期間（日数）").fill("1");

  // The preview counts business days from the chosen start and marks the holidays on the way.
  await page.getByLabel("開始日").first().fill("2027-04-26");
  const preview = page.getByRole("table", { name: "日付のプレビュー" });
  await expect(preview.getByRole("row", { name: /出展申込/ })).toContainText("4/27(火)");
  await expect(preview.getByRole("row", { name: /予算の確定/ })).toContainText("5/6(木)");
  await expect(preview.getByRole("row", { name: /搬入と設営/ })).toContainText("5/14(金)");
  await expect(page.locator('[data-day="2027-04-29"]')).toHaveAttribute("data-off", "holiday");
  await expect(page.getByText(/期間中の休み:.*昭和の日/)).toBeVisible();

  await page.getByRole("button", { name: "作成する" }).click();
  await expect(page.getByRole("list", { name: "テンプレートの一覧" })).toContainText("展示会準備");
  await expect(page).toHaveURL(/id=primary_item/);

  await page.getByRole("button", { name: "使う" }).click();
  const dialog = page.getByRole("dialog");
  await chooseProject(page, "新商品発表会");
  await dialog.getByLabel("開始日").fill("2027-04-26");
  await expect(dialog.getByRole("table", { name: "日付のプレビュー" })).toContainText("5/14(金)");
  await dialog.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByText("テンプレートから大項目1件・中項目2件・タスク3件を追加しました")).toBeVisible();

  await page.goto(`/task/project?project_id=${team.project.id}`);
  await expect(page.getByRole("row", { name: "大項目 展示会準備" })).toBeVisible();
  await expect(page.getByRole("row", { name: "中項目 出展準備" })).toBeVisible();
  await expect(page.getByRole("row", { name: "中項目 当日運営" })).toBeVisible();
  await expect(page.getByRole("row", { name: "出展申込" })).toContainText("2027/04/27");
  await expect(page.getByRole("row", { name: "予算の確定" })).toContainText("2027/05/06");
  await expect(page.getByRole("row", { name: "搬入と設営" })).toContainText("2027/05/14");
});

test("an existing 大項目 is saved as a template from the project tab, with its 中項目 and tasks", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社テンプレート保存");
  const { workspaceId, token } = team.owner;
  const primary = await api.ok(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: workspaceId,
        project_id: team.project.id,
        name: "月次決算",
      },
    },
    { token },
  );
  const secondary = await api.ok(
    newSecondaryItemContract,
    {
      body: {
        workspace_id: workspaceId,
        primary_item_id: primary.id,
        name: "締め準備",
      },
    },
    { token },
  );
  for (const [title, starts, expires] of [
    ["請求書の発行", "2027-06-01", "2027-06-02"],
    ["経費精算の締め", "2027-06-03", "2027-06-04"],
  ] as const) {
    await api.ok(
      newTaskContract,
      {
        body: {
          workspace_id: workspaceId,
          title,
          project_id: team.project.id,
          primary_item_id: primary.id,
          secondary_item_id: secondary.id,
          starts_at: starts,
          expires_at: expires,
        },
      },
      { token },
    );
  }
  await signIn(page, team.owner.email);
  await page.goto(`/task/project?project_id=${team.project.id}`);
  await page.getByRole("button", { name: "月次決算の操作" }).click();
  await page.getByRole("menuitem", { name: "テンプレートとして保存" }).click();
  const dialog = page.getByRole("dialog", { name: "テンプレートとして保存" });
  await expect(dialog.getByLabel("テンプレート名")).toHaveValue("月次決算");
  await dialog.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByText("「月次決算」をテンプレートとして保存しました", { exact: false })).toBeVisible();

  await page.goto("/tasktpl");
  const list = page.getByRole("list", { name: "テンプレートの一覧" });
  await expect(list).toContainText("月次決算");
  await expect(list).toContainText("中項目1・タスク2");
  await list.getByText("月次決算").click();
  await expect(page.getByLabel("中項目1の名前")).toHaveValue("締め準備");
  await expect(page.getByTestId("template-task-row")).toHaveCount(2);
});

test("a catalogue template of a 業種 is taken in and used in a project", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社カタログ");
  await signIn(page, team.owner.email);
  await page.goto("/tasktpl");
  await page.getByRole("button", { name: /業種別テンプレート集/ }).click();
  const catalogue = page.getByRole("dialog", { name: "業種別テンプレート集" });
  await catalogue.getByLabel("業種").click();
  await page.getByRole("option", { name: "製造業" }).click();
  await catalogue.getByRole("button", { name: /新製品の量産立ち上げ/ }).click();
  await expect(catalogue.getByText("試作品の製作")).toBeVisible();
  // The catalogue is not asked again once shown: a busy server's late answer must not hold the dialog open.
  await page.route(/\/app\/ai-primary-tpl\/list/, () => {});
  await takeCatalogueEntry(catalogue, /新製品の量産立ち上げ/);
  await expect(page.getByLabel("大項目名")).toHaveValue("新製品の量産立ち上げ");

  await page.getByRole("button", { name: "使う" }).click();
  await chooseProject(page, "新商品発表会");
  await page.getByRole("dialog").getByLabel("開始日").fill("2027-01-12");
  await page.getByRole("dialog").getByRole("button", { name: "追加する" }).click();
  await expect(page.getByText("テンプレートから大項目1件・中項目3件・タスク9件を追加しました")).toBeVisible();

  await page.goto(`/task/project?project_id=${team.project.id}`);
  await expect(page.getByRole("row", { name: "大項目 新製品の量産立ち上げ" })).toBeVisible();
  await expect(page.getByRole("row", { name: "試作品の製作" })).toBeVisible();
});
