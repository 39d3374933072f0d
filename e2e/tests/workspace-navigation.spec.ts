import type { Page } from "@playwright/test";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

const WIDTHS = [1440, 390] as const;

for (const width of WIDTHS) {
  test(`a member is offered only the pages she may open, and a refused page speaks Japanese (${width} px)`, async ({
    page,
  }) => {
    const team = await taskTeam("株式会社ナビ");
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, team.member.email);

    await page.goto("/organization/staff");
    const tabs = page.getByRole("tablist", { name: "組織メニュー" });
    await expect(tabs.getByRole("tab", { name: "スタッフ" })).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "組織図" })).toHaveCount(1);
    await expect(tabs.getByRole("tab", { name: "権限ルール" })).toHaveCount(0);
    await expect(tabs.getByRole("tab", { name: "監査ログ" })).toHaveCount(0);
    await page.screenshot({ path: `../.tasuki/e2e-results/member-organization-tabs-${width}.png` });

    // An address typed or kept from before still meets a refusal, in Japanese from top to bottom.
    for (const path of ["/organization/audit-log", "/organization/authority-rules", "/mypage/plan-and-invoice"]) {
      await page.goto(path);
      await expect(page.getByRole("alert")).toContainText("このページを表示する権限がありません");
      await expect(page.locator("main")).not.toContainText(/FORBIDDEN|Forbidden|403/);
    }
    await page.screenshot({ path: `../.tasuki/e2e-results/member-refused-${width}.png` });

    await page.goto("/mypage/profile");
    await expect(page.getByRole("heading", { name: "プロフィール", level: 1 })).toBeVisible();
    for (const billing of ["会社情報", "請求先情報", "お支払い設定", "プランと請求書"]) {
      await expect(page.getByRole("link", { name: billing, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole("link", { name: "ワークスペース", exact: true })).toHaveCount(1);

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/NOT FOUND/i);
  });

  test(`a new workspace and a switch leave nothing of the previous one on screen or in a request, and a reload keeps it (${width} px)`, async ({
    page,
  }) => {
    test.slow();
    const team = await taskTeam("株式会社もとの会社");
    const first = team.owner.workspaceId;
    // Tasks in projects with items: their rows' place labels ask for the items of their projects.
    const firstIds = [first, team.project.id];
    for (let index = 1; index <= 3; index += 1) {
      const project = await api.ok(
        newProjectContract,
        {
          body: {
            workspace_id: first,
            name: `案件${index}`,
            group_id: team.group.id,
          },
        },
        { token: team.owner.token },
      );
      firstIds.push(project.id);
      await createTask(team.owner.token, {
        workspace_id: first,
        title: `見積${index}`,
        project_id: project.id,
        assignee_id: team.owner.staffId,
      });
    }
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, team.owner.email);
    await page.goto(`/task/me?workspace_id=${first}`);
    await expect(page.getByText("見積3")).toBeVisible();

    const switched = watchRequests(page);
    await page.goto("/mypage/workspace");
    await page.getByRole("button", { name: "ワークスペースを作成" }).click();
    const dialog = page.getByRole("dialog", { name: "ワークスペースを作成" });
    await dialog.getByLabel("ワークスペース名").fill("株式会社あたらしい会社");
    await expect(dialog.getByText("このワークスペースIDは使用できます")).toBeVisible();
    await dialog.getByRole("button", { name: "作成する" }).click();
    await expect(page).toHaveURL(/\/task/);
    const second = new URL(page.url()).searchParams.get("workspace_id");
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const switcher = page.getByRole("button", { name: /ワークスペースを切り替え/ });
    await expect(switcher).toContainText("株式会社あたらしい会社");
    await expect(page.getByText("見積3")).toHaveCount(0);

    // The new workspace's plan (its trial), not the previous one's.
    await page.goto("/mypage/plan-and-invoice");
    await expect(page.getByRole("heading", { name: "プランと請求書", level: 1 })).toBeVisible();
    await expect(switcher).toContainText("株式会社あたらしい会社");
    await page.screenshot({ path: `../.tasuki/e2e-results/new-workspace-plan-${width}.png` });

    // A reload, and an address without the parameter, stay in it.
    await page.reload();
    await expect(switcher).toContainText("株式会社あたらしい会社");
    await page.goto("/task/me");
    await expect(switcher).toContainText("株式会社あたらしい会社");

    // Back to the first through the switcher, from a page whose address held the other's filters.
    await page.goto(`/task/me?workspace_id=${second}`);
    await switcher.click();
    await page.getByRole("menuitem", { name: /株式会社もとの会社/ }).click();
    await expect(switcher).toContainText("株式会社もとの会社");
    await expect(page.getByText("見積3")).toBeVisible();
    await page.reload();
    await expect(switcher).toContainText("株式会社もとの会社");
    await expect(page.getByText("見積3")).toBeVisible();
    expect(switched.leaks(second!, firstIds)).toEqual([]);
  });
}

/** Every API call from now on: none may be answered 404 (nothing is removed here) or mix two workspaces' ids. */
function watchRequests(page: Page) {
  const seen: { text: string; status: number }[] = [];
  page.on("response", (response) => {
    const request = response.request();
    if (!new URL(request.url()).pathname.startsWith("/app/")) return;
    seen.push({ text: `${request.method()} ${request.url()} ${request.postData() ?? ""}`, status: response.status() });
  });
  return {
    leaks: (second: string, firstIds: string[]) =>
      seen
        .filter(
          (entry) =>
            entry.status === 404 || (entry.text.includes(second) && firstIds.some((id) => entry.text.includes(id))),
        )
        .map((entry) => `${entry.status} ${entry.text}`),
  };
}
