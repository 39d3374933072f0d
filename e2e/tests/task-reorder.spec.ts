import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

test("dragging a task to the top of its 大項目 is kept after a reload", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社ならびかえ");
  const primary = await api.ok(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: team.owner.workspaceId,
        project_id: team.project.id,
        name: "準備",
      },
    },
    { token: team.owner.token },
  );
  for (const title of ["一番目の作業", "二番目の作業", "三番目の作業"]) {
    await createTask(team.owner.token, {
      workspace_id: team.owner.workspaceId,
      title,
      project_id: team.project.id,
      primary_item_id: primary.id,
      group_id: team.group.id,
    });
  }
  await signIn(page, team.owner.email);
  await page.goto(`/task/project?project_id=${team.project.id}&sort=manual`);
  await expect(page.getByRole("row", { name: "三番目の作業" })).toBeVisible();
  const order = () =>
    page
      .getByRole("row")
      .evaluateAll((rows) =>
        rows.map((row) => row.getAttribute("aria-label") ?? "").filter((label) => label.endsWith("の作業")),
      );
  expect(await order()).toEqual(["一番目の作業", "二番目の作業", "三番目の作業"]);

  const handle = page.getByLabel("三番目の作業を並べ替え");
  const target = page.getByRole("row", { name: "一番目の作業" });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const saved = page.waitForResponse((response) => /\/app\/task\/[^/]+\/position$/.test(response.url()));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + 200, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  await expect.poll(order).toEqual(["三番目の作業", "一番目の作業", "二番目の作業"]);

  await page.reload();
  await expect(page.getByRole("row", { name: "三番目の作業" })).toBeVisible();
  expect(await order()).toEqual(["三番目の作業", "一番目の作業", "二番目の作業"]);

  // Without a pointer: the row menu moves a task one place, opened at once after the reload. In manual order the
  // list renders inside dnd-kit's context from its first paint: before, the rows were wrapped in it once its script
  // came, mounted again, and a menu opened meanwhile closed by itself (CI runs 3 and 6 of issue 23).
  await expect(page.getByRole("row", { name: "大項目 準備" })).toBeVisible();
  const movedDown = page.waitForResponse((response) => /\/app\/task\/[^/]+\/position$/.test(response.url()));
  await page.getByRole("button", { name: "三番目の作業の操作" }).click();
  await page.getByRole("menuitem", { name: "1つ下へ移動" }).click();
  expect((await movedDown).status()).toBe(200);
  await expect.poll(order).toEqual(["一番目の作業", "三番目の作業", "二番目の作業"]);
  await page.reload();
  await expect(page.getByRole("row", { name: "三番目の作業" })).toBeVisible();
  expect(await order()).toEqual(["一番目の作業", "三番目の作業", "二番目の作業"]);
});
