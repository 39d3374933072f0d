import type { Page } from "@playwright/test";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { newMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

// Issue 22's phone and polish items, each at a phone's width and a desktop's: the product must read the same on both.
const WIDTHS = [390, 1440] as const;
/** info.main of the theme (#2f6fb5): 土 on every calendar. */
const SATURDAY_BLUE = "rgb(47, 111, 181)";

async function openAt(page: Page, width: number, email: string) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await signIn(page, email);
}

/** The rendered size of an element's text: its font size times the scale of every transform above it. */
const renderedFontPx = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      let scale = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const transform = getComputedStyle(node).transform;
        if (transform && transform !== "none") scale *= new DOMMatrixReadOnly(transform).a;
      }
      return Number.parseFloat(getComputedStyle(element).fontSize) * scale;
    });

for (const width of WIDTHS) {
  test(`at ${width} px: name fields of 階層 and 役職 keep their width, 管理 shows 担当者, 権限ルール's checkboxes are on screen, 再読み込み is one line`, async ({
    page,
  }) => {
    test.slow();
    const team = await taskTeam(`株式会社画面幅${width}`);
    await createTask(team.owner.token, {
      workspace_id: team.owner.workspaceId,
      title: "見積書を確認する",
      assignee_id: team.member.staffId,
      manager_id: team.owner.staffId,
      expires_at: "2030-06-14",
    });
    await openAt(page, width, team.owner.email);

    for (const [path, label, name] of [
      ["/organization/definition/layer", "階層名", "本部"],
      ["/organization/definition/position", "役職名", "部長"],
    ] as const) {
      await page.goto(path);
      await page.getByLabel(`新しい${label}`).fill(name);
      await page.getByRole("button", { name: "追加", exact: true }).click();
      const field = page.getByLabel(`${label}（1番目）`);
      await expect(field).toHaveValue(name);
      // It was squeezed to ~30 px beside the handle, the rank, the usage chip and the delete button.
      expect.soft((await field.boundingBox())!.width).toBeGreaterThanOrEqual(150);
    }

    await page.goto("/task/management");
    await expect.soft(page.getByRole("button", { name: /^見積書を確認するの担当者: 森\s一郎$/ })).toBeVisible();

    await page.goto("/organization/authority-rules");
    for (const role of ["オーナー", "管理者", "メンバー", "ゲスト"]) {
      await expect.soft(page.getByRole("checkbox", { name: new RegExp(`^${role}：スタッフの管理`) })).toBeInViewport();
    }

    // A failed load: the error's 再読み込み stays one line beside a long message.
    await page.route("**/app/notification/list**", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          message: "ただいまサーバーが混み合っています。しばらく待ってから、もう一度お試しください。",
          dev_message: "busy",
          code: "unavailable",
        }),
      }),
    );
    await page.goto("/notification");
    const retry = page.getByRole("button", { name: "再読み込み" });
    await expect(retry).toBeVisible();
    expect.soft((await retry.boundingBox())!.height).toBeLessThanOrEqual(40);
  });

  test(`at ${width} px: 土 is blue, the org chart opens readable, a person's analytics has no one-bar chart and counts whole tasks, a date deadline shows no 23:59`, async ({
    page,
  }) => {
    test.slow();
    const team = await taskTeam(`株式会社表示${width}`);
    const { token, workspaceId } = team.owner;
    // A Saturday meeting: its day heading in the list, its day in the month.
    await api.ok(
      newMeetingContract,
      {
        body: {
          workspace_id: workspaceId,
          name: "土曜の説明会",
          starts_at: "2030-06-15T10:00:00+09:00",
          ends_at: "2030-06-15T11:00:00+09:00",
        },
      },
      { token },
    );
    // A tall company: thirty 課 stacked under one 部 fit the frame only at a zoom where names are dots.
    const department = await api.ok(
      newGroupContract,
      {
        body: {
          workspace_id: workspaceId,
          name: "管理部",
        },
      },
      { token },
    );
    for (let i = 1; i <= 30; i++) {
      await api.ok(
        newGroupContract,
        {
          body: {
            workspace_id: workspaceId,
            name: `第${i}課`,
            parent_id: department.id,
          },
        },
        { token },
      );
    }
    for (const title of ["会場を予約する", "案内状を送る"]) {
      await createTask(token, {
        workspace_id: workspaceId,
        title,
        assignee_id: team.member.staffId,
        project_id: team.project.id,
        group_id: team.group.id,
        expires_at: "2030-06-14",
      });
    }
    await openAt(page, width, team.owner.email);

    await page.goto("/communication/meeting?view=list&date=2030-06-15");
    const heading = page.getByText("6月15日（土）");
    await expect(heading).toBeVisible();
    await expect.soft(heading).toHaveCSS("color", SATURDAY_BLUE);
    await page.goto("/communication/meeting?view=month&date=2030-06-15");
    await expect.soft(page.getByText("土", { exact: true })).toHaveCSS("color", SATURDAY_BLUE);

    await page.goto("/organization/canvas");
    await expect(page.locator(".oc-name").first()).toBeVisible({ timeout: 30_000 });
    expect.soft(await renderedFontPx(page, ".oc-name")).toBeGreaterThanOrEqual(12);

    await page.goto(`/analytics/workspace-user/${team.member.staffId}?period=range&from=2030-06-01&to=2030-06-30`);
    const breakdown = page.getByRole("region", { name: "内訳" });
    await expect(breakdown.getByRole("tab").first()).toBeVisible({ timeout: 30_000 });
    await expect.soft(breakdown.getByRole("tab", { name: "プロジェクト", selected: true })).toBeVisible();
    await expect.soft(page.getByRole("region", { name: "担当者ごとの負荷" })).toHaveCount(0);
    await expect.soft(breakdown.getByRole("tab", { name: "担当者" })).toHaveCount(0);
    const ticks = breakdown.locator(".MuiChartsAxis-directionX .MuiChartsAxis-tickLabel");
    await expect(ticks.first()).toBeVisible();
    for (const tick of await ticks.allTextContents()) expect.soft(tick).toMatch(/^\d+$/);

    await page.goto(`/task/project?project_id=${team.project.id}`);
    await page.getByRole("button", { name: "会場を予約するの操作" }).click();
    await page.getByRole("menuitem", { name: "詳細を開く" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByRole("group", { name: "期限" })).toBeVisible();
    await expect.soft(drawer.getByText(/23:59/)).toHaveCount(0);
  });
}
