import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { taskTeam } from "../support/tasks.ts";

test("a project is planned in place: 大項目, 中項目 and tasks through each section's add action, kept after a reload", async ({
  page,
}) => {
  test.slow();
  const team = await taskTeam("株式会社タスク構築");
  await signIn(page, team.owner.email);

  await page.goto("/task/project");
  await expect(page.getByText("プロジェクトを選択してください")).toBeVisible();
  await page.getByLabel("プロジェクト", { exact: true }).click();
  await page.getByRole("option", { name: "新商品発表会" }).click();
  await expect(page).toHaveURL(/project_id=/);
  await expect(page.getByText("このプロジェクトには未完了のタスクがありません")).toBeVisible();

  // The project row is the plan's root: its add actions are always in view.
  await page.getByRole("button", { name: "新商品発表会に大項目を追加" }).click();
  await page.getByLabel("新しい大項目名").fill("会場手配");
  await page.getByLabel("新しい大項目名").press("Enter");
  await expect(page.getByRole("row", { name: "大項目 会場手配" })).toBeVisible();
  await page.getByLabel("新しい大項目名").press("Escape");

  // An item's add actions show on hover (or keyboard focus).
  await page.getByRole("row", { name: "大項目 会場手配" }).hover();
  await page.getByRole("button", { name: "会場手配に中項目を追加" }).click();
  await page.getByLabel("新しい中項目名").fill("候補の下見");
  await page.getByLabel("新しい中項目名").press("Enter");
  await expect(page.getByRole("row", { name: "中項目 候補の下見" })).toBeVisible();
  await page.getByLabel("新しい中項目名").press("Escape");

  await page.getByRole("row", { name: "中項目 候補の下見" }).hover();
  await page.getByRole("button", { name: "候補の下見にタスクを追加" }).click();
  const field = page.getByLabel("新しいタスク名");
  await field.fill("会場候補を3つ挙げる");
  await field.press("Enter");
  await expect(page.getByRole("row", { name: "会場候補を3つ挙げる" })).toBeVisible();
  // The field stays open for the next task.
  await field.fill("見積もりを依頼する");
  await field.press("Enter");
  await expect(page.getByRole("row", { name: "見積もりを依頼する" })).toBeVisible();
  // Where they were typed, in the order typed, marked as new; the field moved under them.
  await expect(page.getByRole("row", { name: "会場候補を3つ挙げる" })).toHaveAttribute("data-fresh", "true");
  const typedOrder = await page
    .getByRole("row")
    .evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute("aria-label") ?? node.getAttribute("data-kind") ?? ""),
    );
  expect(typedOrder.indexOf("会場候補を3つ挙げる")).toBeLessThan(typedOrder.indexOf("見積もりを依頼する"));
  expect(typedOrder.indexOf("見積もりを依頼する")).toBeLessThan(typedOrder.indexOf("addition"));
  await expect(page.getByRole("row", { name: "中項目 候補の下見" })).toContainText("2件");

  await page.reload();
  await expect(page.getByRole("row", { name: "大項目 会場手配" })).toContainText("2件");
  await expect(page.getByRole("row", { name: "中項目 候補の下見" })).toBeVisible();
  const rows = page.getByRole("row");
  const titles = await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-label") ?? ""));
  const at = (name: string) => titles.indexOf(name);
  expect(at("大項目 会場手配")).toBeLessThan(at("中項目 候補の下見"));
  expect(at("中項目 候補の下見")).toBeLessThan(at("会場候補を3つ挙げる"));
  expect(at("中項目 候補の下見")).toBeLessThan(at("見積もりを依頼する"));
});
