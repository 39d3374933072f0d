import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import { putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

test("the compact list: unfinished work, places as labels, a series as one row, a task added in place kept after a reload", async ({
  page,
}) => {
  test.slow();
  const team = await taskTeam("株式会社コンパクト");
  const token = team.owner.token;
  const base = { workspace_id: team.owner.workspaceId, assignee_id: team.owner.staffId };
  const primary = await api.ok(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: team.owner.workspaceId,
        project_id: team.project.id,
        name: "会場手配",
      },
    },
    { token },
  );
  await createTask(token, {
    ...base,
    title: "会場を予約する",
    project_id: team.project.id,
    primary_item_id: primary.id,
    expires_at: "2030-01-10",
  });
  const finished = await createTask(token, { ...base, title: "名刺を発注する" });
  await api.ok(putTaskStatusContract, { params: { id: finished.id }, body: { status: "done" } }, { token });
  const weekly = await createTask(token, { ...base, title: "週次の定例準備" });
  await api.ok(
    putTaskPeriodicContract,
    {
      params: { id: weekly.id },
      body: {
        rule: { frequency: "weekly", weekdays: [1], interval: 1, start_date: tokyoDate(Date.now()) },
      },
    },
    { token },
  );

  await signIn(page, team.owner.email);
  await page.goto("/task/me");
  const placed = page.getByRole("row", { name: "会場を予約する" });
  await expect(placed).toBeVisible();
  // Unfinished work by default: the finished task waits behind the status filter.
  await expect(page.getByRole("row", { name: "名刺を発注する" })).toHaveCount(0);
  // No header per group, project and item in 自分: the place is a label on the task.
  await expect(page.locator('[data-kind="group"], [data-kind="project"], [data-kind="primaryItem"]')).toHaveCount(0);
  await expect(placed.getByTestId("task-place")).toHaveText("新商品発表会 › 会場手配");
  // No addition row under every level; one add action for the list.
  await expect(page.getByRole("button", { name: "タスクを追加" })).toHaveCount(1);

  // A weekly series is one row for its next occurrence, and opens to the others.
  const series = page.getByRole("row", { name: "週次の定例準備" });
  await expect(series).toHaveCount(1);
  const toggle = page.getByRole("button", { name: /^週次の定例準備（毎週月・次回 \d+\/\d+）の他の\d+回を表示$/ });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect.poll(() => series.count()).toBeGreaterThan(2);
  await page.getByRole("button", { name: /^週次の定例準備（.*）の他の\d+回を閉じる$/ }).click();
  await expect(series).toHaveCount(1);

  // Added in place: it appears where it was typed (the top of the list), marked, with a toast.
  await page.getByRole("button", { name: "タスクを追加" }).click();
  const field = page.getByLabel("新しいタスク名");
  await field.fill("見積書を送る");
  await field.press("Enter");
  const added = page.getByRole("row", { name: "見積書を送る" });
  await expect(added).toHaveAttribute("data-fresh", "true");
  await expect(page.getByText("「見積書を送る」を追加しました")).toBeVisible();
  const firstTask = () => page.locator('[role="row"][data-status]').first().getAttribute("aria-label");
  expect(await firstTask()).toBe("見積書を送る");
  await field.press("Escape");
  await expect(field).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("row", { name: "見積書を送る" })).toBeVisible();
  await expect(page.getByRole("row", { name: "見積書を送る" })).not.toHaveAttribute("data-fresh", "true");
  await expect(page.getByRole("row", { name: "週次の定例準備" })).toHaveCount(1);
});

test("a task added under a group of the グループ tab takes that group and stays there after a reload", async ({
  page,
}) => {
  test.slow();
  const team = await taskTeam("株式会社その場で追加");
  await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "月次の数字をまとめる",
    group_id: team.group.id,
    expires_at: "2030-01-10",
  });
  await signIn(page, team.owner.email);
  await page.goto("/task/group");
  const header = page.getByRole("row", { name: "グループ 営業部" });
  await expect(header).toBeVisible();
  await header.hover();
  await page.getByRole("button", { name: "営業部にタスクを追加" }).click();
  await page.getByLabel("新しいタスク名").fill("展示会の備品を確認する");
  await page.getByLabel("新しいタスク名").press("Enter");
  await expect(page.getByText("「展示会の備品を確認する」を営業部に追加しました")).toBeVisible();
  const order = () =>
    page
      .getByRole("row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label") ?? row.getAttribute("data-kind") ?? ""));
  // Right under the header it was added from, above the tasks already there (and the field under it).
  const typed = await order();
  expect(typed.indexOf("グループ 営業部")).toBe(typed.indexOf("展示会の備品を確認する") - 1);
  expect(typed.indexOf("展示会の備品を確認する")).toBeLessThan(typed.indexOf("月次の数字をまとめる"));

  await page.reload();
  await expect(page.getByRole("row", { name: "展示会の備品を確認する" })).toBeVisible();
  const reloaded = await order();
  expect(reloaded.indexOf("グループ 営業部")).toBeLessThan(reloaded.indexOf("展示会の備品を確認する"));
  expect(reloaded).not.toContain("グループ グループなし");
});

test("on a phone the tasks start on the first screen; a bad task link says so and leads back", async ({ page }) => {
  test.slow();
  const team = await taskTeam("株式会社スマホ");
  await createTask(team.owner.token, {
    workspace_id: team.owner.workspaceId,
    title: "電話の折り返し",
    assignee_id: team.owner.staffId,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, team.owner.email);
  await page.goto("/task/me");
  const row = page.getByRole("row", { name: "電話の折り返し" });
  await expect(row).toBeVisible();
  const box = await row.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(844);
  // ゴミ箱, CSV and the legend live in one menu.
  await expect(page.getByRole("button", { name: "ゴミ箱" })).toHaveCount(0);
  await page.getByRole("button", { name: "タスクのその他の操作" }).click();
  await expect(page.getByRole("menuitem", { name: "ゴミ箱" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "CSV出力" })).toBeVisible();
  await page.getByRole("menuitem", { name: "行の色の見方" }).click();
  await expect(page.getByRole("dialog", { name: "行の色の見方" })).toContainText("期限切れ");
  await page.getByRole("button", { name: "閉じる" }).click();

  // A mangled link and one to a task that is gone for good (a task in the trash still opens, to be restored).
  for (const id of ["not-a-task", "01900000-0000-7000-8000-000000000000"]) {
    await page.goto(`/task/me?task=${id}`);
    const drawer = page.getByRole("dialog", { name: "タスク詳細" });
    await expect(drawer.getByText("タスクが見つかりません")).toBeVisible();
    await drawer.getByRole("button", { name: "タスク一覧に戻る" }).click();
    await expect(page).not.toHaveURL(/task=/);
    await expect(page.getByRole("row", { name: "電話の折り返し" })).toBeVisible();
  }
});
