import sharp from "sharp";
import { expect, test } from "../support/fixtures.ts";
import { createOwner, signIn } from "../support/organization.ts";
import { createTask, staffId } from "../support/tasks.ts";

/** A photo-like PNG: wide enough that its thumbnail is a real reduction. */
const photo = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: "#2f6db5" } })
    .composite([
      {
        input: Buffer.from('<svg width="800" height="500"><circle cx="400" cy="250" r="160" fill="#f4b400"/></svg>'),
      },
    ])
    .png()
    .toBuffer();

test("an image attached in the drawer shows its thumbnail and preview, and is still there after a reload", async ({
  page,
}) => {
  // Set-up through the API: an owner and a task of theirs.
  const owner = await createOwner("株式会社添付ファイル");
  const task = await createTask(owner.token, {
    workspace_id: owner.workspaceId,
    title: "現場写真を共有する",
    assignee_id: await staffId(owner.token, owner.workspaceId),
  });
  await signIn(page, owner.email);
  await page.goto(`/task/me?task=${task.id}`);
  const drawer = page.getByRole("dialog", { name: "タスク詳細" });
  const section = drawer.getByRole("region", { name: "添付ファイル" });

  // The button opens the file chooser; the file is given to it as a person would pick it.
  const chooser = page.waitForEvent("filechooser");
  await section.getByRole("button", { name: "ファイルを追加" }).click();
  await (await chooser).setFiles({ name: "現場写真.png", mimeType: "image/png", buffer: await photo() });

  const list = section.getByRole("list", { name: "添付ファイル一覧" });
  const thumbnail = list.getByRole("button", { name: "現場写真.pngをプレビュー" }).locator("img");
  await expect(thumbnail).toBeVisible({ timeout: 20_000 });
  await expect(list).toContainText("現場写真.png");

  await list.getByRole("button", { name: "現場写真.pngをプレビュー" }).click();
  const preview = page.getByRole("dialog", { name: "現場写真.png" });
  await expect(preview.getByRole("img", { name: "現場写真.png" })).toBeVisible();
  await preview.getByRole("button", { name: "閉じる" }).click();
  await expect(preview).toBeHidden();

  await page.reload();
  await expect(
    page
      .getByRole("dialog", { name: "タスク詳細" })
      .getByRole("list", { name: "添付ファイル一覧" })
      .getByRole("button", { name: "現場写真.pngをプレビュー" })
      .locator("img"),
  ).toBeVisible({ timeout: 20_000 });
});
