import type { Locator, Page } from "@playwright/test";
import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { getTaskContract } from "@tasuki/contract/task/task.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

/** dnd-kit and the gantt chart follow pointer moves: press, move in steps, release (a jump is not a drag). */
type Point = { x: number; y: number };

/** `to` is a point, or one reckoned from the dragged element's box once it is scrolled into view. */
async function drag(page: Page, from: Locator, target: Point | ((box: Point & { width: number }) => Point)) {
  await from.scrollIntoViewIfNeeded();
  const box = await from.boundingBox();
  if (!box) throw new Error("nothing to drag");
  const start = { x: box.x + Math.min(box.width / 2, 12), y: box.y + box.height / 2 };
  const to = typeof target === "function" ? target({ x: start.x, y: start.y, width: box.width }) : target;
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await page.mouse.move(start.x + ((to.x - start.x) * step) / 8, start.y + ((to.y - start.y) * step) / 8);
  }
  await page.mouse.up();
}

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("no drop target on screen");
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
}

/** The Tokyo day of an instant the API answers. */
const tokyoDay = (instant: string | null) => (instant ? tokyoDate(instant) : null);

test("the board, the calendar and the gantt chart each change a task by a drag that survives a reload", async ({
  page,
}) => {
  test.slow();
  const team = await taskTeam("株式会社ビュー");
  const base = { workspace_id: team.owner.workspaceId, assignee_id: team.owner.staffId, group_id: team.group.id };
  const board = await createTask(team.owner.token, {
    ...base,
    title: "見積書を作る",
    expires_at: "2030-06-12T23:59:59+09:00",
  });
  const calendar = await createTask(team.owner.token, {
    ...base,
    title: "会場を予約する",
    expires_at: "2030-06-12T23:59:59+09:00",
  });
  const gantt = await createTask(team.owner.token, {
    ...base,
    title: "招待状を送る",
    project_id: team.project.id,
    starts_at: "2030-06-10T00:00:00+09:00",
    expires_at: "2030-06-12T23:59:59+09:00",
  });
  const read = (id: string) => api.ok(getTaskContract, { params: { id } }, { token: team.owner.token });

  await signIn(page, team.owner.email);

  // ボード: 未着手 → 進行中.
  await page.goto("/task/me?layout=board");
  const card = page.locator('[aria-roledescription="タスクカード"]', { hasText: "見積書を作る" });
  // The first screen of a busy machine may take a while; the drags themselves are quick.
  await expect(card).toBeVisible({ timeout: 30_000 });
  const inProgress = page.locator('[data-status-column="in_progress"]').first();
  await drag(page, card, await centreOf(inProgress));
  await expect.poll(async () => (await read(board.id)).status, { timeout: 15_000 }).toBe("in_progress");
  await page.reload();
  await expect(page.locator('[data-status-column="in_progress"]', { hasText: "見積書を作る" }).first()).toBeVisible({
    timeout: 30_000,
  });

  // カレンダー (a week: one row, so no scrolling while dragging): the deadline moves from the 12th to the 14th.
  await page.goto("/task/me?layout=calendar&span=week&date=2030-06-10");
  const chip = page.locator('[data-day="2030-06-12"]').getByText("会場を予約する");
  await expect(chip).toBeVisible({ timeout: 30_000 });
  await drag(page, chip, await centreOf(page.locator('[data-day="2030-06-14"]')));
  await expect.poll(async () => tokyoDay((await read(calendar.id)).expires_at), { timeout: 15_000 }).toBe("2030-06-14");
  await page.reload();
  await expect(page.locator('[data-day="2030-06-14"]').getByText("会場を予約する")).toBeVisible({
    timeout: 30_000,
  });

  // ガント: the bar moves two days later, its start and deadline together.
  await page.goto(`/task/me?layout=gantt&date=2030-06-10&project_id=${team.project.id}`);
  const bar = page.locator('[data-gantt-bar="task"][aria-label^="招待状を送る"]');
  await expect(bar).toHaveAttribute("data-start", "2030-06-10", { timeout: 30_000 });
  // The bar spans three days (10th to 12th): two days later is two thirds of its width to the right.
  await drag(page, bar, (start) => ({ x: start.x + (2 * start.width) / 3, y: start.y }));
  await expect.poll(async () => tokyoDay((await read(gantt.id)).starts_at), { timeout: 15_000 }).toBe("2030-06-12");
  expect(tokyoDay((await read(gantt.id)).expires_at)).toBe("2030-06-14");
  await page.reload();
  await expect(page.locator('[data-gantt-bar="task"][aria-label^="招待状を送る"]')).toHaveAttribute(
    "data-start",
    "2030-06-12",
    { timeout: 30_000 },
  );
});
