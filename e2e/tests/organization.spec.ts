import { expect, test } from "../support/fixtures.ts";
import { addStaff, createOwner, signIn } from "../support/organization.ts";

test("the owner builds a three-layer group tree with positions and sees it in the summary", async ({ page }) => {
  // A long journey (three pages, six saves, a drag); on a loaded two-core machine it nears the default minute.
  test.slow();
  const owner = await createOwner("株式会社そしきテスト");
  await signIn(page, owner.email);

  // 階層: 本部 > 部 > 課
  await page.goto("/organization/definition/layer");
  await expect(page.getByRole("heading", { name: "階層", exact: true })).toBeVisible();
  for (const name of ["本部", "部", "課"]) {
    await page.getByLabel("新しい階層名").fill(name);
    await page.getByRole("button", { name: "追加" }).click();
  }
  await expect(page.getByLabel("階層のプレビュー")).toContainText("本部");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("階層を保存しました")).toBeVisible();
  await expect(page.getByText("グループ 0件")).toHaveCount(3);

  // 役職: 部長, 課長, 主任
  await page
    .getByRole("navigation", { name: "組織定義メニュー", exact: true })
    .getByRole("link", { name: /役職/ })
    .click();
  await expect(page).toHaveURL(/\/organization\/definition\/position/);
  for (const name of ["部長", "課長", "主任"]) {
    await page.getByLabel("新しい役職名").fill(name);
    await page.getByRole("button", { name: "追加" }).click();
  }
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("役職を保存しました")).toBeVisible();
  await expect(page.getByText("ランク 3")).toBeVisible();

  // グループ: 営業本部 > 第一営業部 > 法人営業課, each taking the layer of its depth.
  await page.goto("/organization/definition/group");
  await expect(page.getByText("グループはまだありません")).toBeVisible();
  await page.getByRole("button", { name: "グループを追加" }).first().click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("グループ名").fill("営業本部");
  await expect(dialog.getByRole("combobox", { name: "階層" })).toHaveText("本部");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「営業本部」を作成しました")).toBeVisible();

  await page.getByRole("button", { name: "「営業本部」の下にグループを追加" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("グループ名").fill("第一営業部");
  await expect(dialog.getByRole("combobox", { name: "階層" })).toHaveText("部");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「第一営業部」を作成しました")).toBeVisible();

  await page.getByRole("button", { name: "「第一営業部」の下にグループを追加" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("グループ名").fill("法人営業課");
  await expect(dialog.getByRole("combobox", { name: "階層" })).toHaveText("課");
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「法人営業課」を作成しました")).toBeVisible();

  const tree = page.getByRole("tree", { name: "グループの階層" });
  await expect(tree.getByRole("treeitem", { name: "営業本部" })).toHaveAttribute("aria-level", "1");
  await expect(tree.getByRole("treeitem", { name: "第一営業部" })).toHaveAttribute("aria-level", "2");
  await expect(tree.getByRole("treeitem", { name: "法人営業課" })).toHaveAttribute("aria-level", "3");
  await expect(tree.getByRole("treeitem", { name: "法人営業課" })).toContainText("課");

  // Dragging 法人営業課 by its handle onto the middle of 営業本部 puts it directly under 営業本部.
  const handle = await page.getByRole("button", { name: "「法人営業課」を移動" }).boundingBox();
  const target = await tree.getByRole("treeitem", { name: "営業本部" }).boundingBox();
  if (!handle || !target) throw new Error("the rows are not on screen");
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y - 10, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText("「法人営業課」を移動しました")).toBeVisible();
  await expect(tree.getByRole("treeitem", { name: "法人営業課" })).toHaveAttribute("aria-level", "2");
  await page.reload();
  await expect(tree.getByRole("treeitem", { name: "法人営業課" })).toHaveAttribute("aria-level", "2");

  // The summary shows all of it.
  await page.goto("/organization/definition");
  await expect(page).toHaveURL(/\/organization\/definition\/summary/);
  const layers = page.getByRole("region", { name: "階層" });
  await expect(layers.getByLabel("階層の並び")).toHaveText(/本部.*部.*課/);
  const groups = page.getByRole("region", { name: "グループ" });
  await expect(groups).toContainText("3件");
  await expect(groups.getByLabel("階層ごとのグループ数")).toContainText("本部1件");
  await expect(groups.getByLabel("階層ごとのグループ数")).toContainText("課1件");
  const positions = page.getByRole("region", { name: "役職" });
  for (const name of ["部長", "課長", "主任"]) await expect(positions.getByText(new RegExp(`^${name}`))).toBeVisible();
});

test("a member cannot open the authority rules: the friendly 403 page shows with a way back", async ({ page }) => {
  const owner = await createOwner("株式会社けんげん");
  const member = await addStaff(owner, "member");
  await signIn(page, member.email);

  await page.goto("/organization/authority-rules");
  await expect(page.getByRole("heading", { name: "このページを表示する権限がありません" })).toBeVisible();
  await expect(page.getByRole("table", { name: "権限ルール" })).toHaveCount(0);
  await page.getByRole("link", { name: "タスク一覧へ" }).click();
  await expect(page).toHaveURL(/\/task/);
});

test("the owner sees and edits the authority rules", async ({ page }) => {
  const owner = await createOwner("株式会社るーる");
  await signIn(page, owner.email);
  await page.goto("/organization/authority-rules");
  const matrix = page.getByRole("table", { name: "権限ルール" });
  await expect(matrix.getByText("組織定義の管理")).toBeVisible();
  await matrix.getByRole("checkbox", { name: "ゲスト：タスクの作成" }).check();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("権限ルールを保存しました")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "ゲスト：タスクの作成" })).toBeChecked();
});

test("a project is created, archived, deleted and restored from the trash", async ({ page }) => {
  const owner = await createOwner("株式会社ぷろじぇくと");
  await signIn(page, owner.email);
  await page.goto("/organization/project");
  await expect(page.getByText("プロジェクトはまだありません")).toBeVisible();

  await page.getByRole("button", { name: "プロジェクトを作成" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("プロジェクト名").fill("新規顧客開拓キャンペーン");
  await dialog.getByLabel("開始日").fill("2026-04-01");
  await dialog.getByLabel("終了日").fill("2026-09-30");
  await dialog.getByRole("radio", { name: "青緑" }).click();
  await dialog.getByRole("button", { name: "作成" }).click();
  await expect(page.getByText("「新規顧客開拓キャンペーン」を作成しました")).toBeVisible();

  const row = page.getByRole("listitem", { name: "新規顧客開拓キャンペーン" });
  await expect(row).toContainText("2026/04/01〜2026/09/30");
  await expect(row).toContainText("進行中");
  await expect(page.getByRole("region", { name: "未所属" })).toBeVisible();

  await row.getByRole("button", { name: "「新規顧客開拓キャンペーン」の操作" }).click();
  await page.getByRole("menuitem", { name: "アーカイブ" }).click();
  await expect(page.getByText("「新規顧客開拓キャンペーン」をアーカイブしました")).toBeVisible();
  await expect(row).toContainText("アーカイブ");

  await row.getByRole("button", { name: "「新規顧客開拓キャンペーン」の操作" }).click();
  await page.getByRole("menuitem", { name: "削除" }).click();
  await expect(page.getByText("「新規顧客開拓キャンペーン」を削除しました")).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole("tab", { name: "ゴミ箱" }).click();
  await expect(page).toHaveURL(/view=trash/);
  await page.getByRole("button", { name: "「新規顧客開拓キャンペーン」を復元" }).click();
  await expect(page.getByText("「新規顧客開拓キャンペーン」を復元しました")).toBeVisible();
  await expect(page.getByText("ゴミ箱は空です")).toBeVisible();

  await page.getByRole("tab", { name: "プロジェクト一覧" }).click();
  await expect(row).toContainText("アーカイブ");
});
