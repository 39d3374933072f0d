import { readFileSync } from "node:fs";
import { addDays, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { api } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { createTask, taskTeam } from "../support/tasks.ts";

/**
 * A Tokyo calendar day relative to the server's today, as the task form sends deadlines. The figures asserted hold
 * whatever the day (yesterday is overdue, the day after tomorrow within three days, also across midnight).
 */
const tokyoDay = (offsetDays: number) => addDays(tokyoDate(Date.now()), offsetDays);

test("an owner and a group's manager read their analytics, change the period, download a table and open a row's tasks", async ({
  browser,
}) => {
  test.slow();
  const team = await taskTeam("株式会社分析");
  const workspaceId = team.owner.workspaceId;
  await createTask(team.owner.token, {
    workspace_id: workspaceId,
    title: "見積書を再送する",
    assignee_id: team.member.staffId,
    group_id: team.group.id,
    expires_at: tokyoDay(-1),
  });
  await createTask(team.owner.token, {
    workspace_id: workspaceId,
    title: "会場を予約する",
    assignee_id: team.member.staffId,
    project_id: team.project.id,
    group_id: team.group.id,
    expires_at: tokyoDay(2),
  });
  // Members of this company may read their groups' analytics (the default is only their own).
  const workspace = await api.ok(getWorkspaceContract, { params: { id: workspaceId } }, { token: team.owner.token });
  await api.ok(
    updateWorkspaceContract,
    {
      params: { id: workspaceId },
      body: {
        authority_rules: {
          ...workspace.authority_rules,
          member: [...workspace.authority_rules.member, "view_analytics_group"],
        },
      },
    },
    { token: team.owner.token },
  );

  // The owner lands on the workspace.
  const owner = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(owner, team.owner.email);
  await owner.goto("/analytics");
  // The landing waits for the scopes call: generous on a busy machine.
  await expect(owner).toHaveURL(new RegExp(`/analytics/workspace/${workspaceId}`), { timeout: 30_000 });
  await expect(owner.getByRole("heading", { name: "ワークスペース分析", level: 1 })).toBeVisible();
  const workload = owner.getByRole("region", { name: "担当者ごとの負荷" });
  const memberRow = workload.getByRole("row").filter({ hasText: /森\s一郎/ });
  // 2 open: 1 overdue, 1 within 3 days.
  await expect(memberRow.getByRole("cell")).toHaveText([/森\s一郎/, "2", "1", "0", "1", "0", "0", "0"]);

  await owner.getByRole("button", { name: "今週" }).click();
  await expect(owner).toHaveURL(/period=week/);
  await expect(owner.getByText(/（今週）/)).toBeVisible();
  // No meeting in this company yet: the meeting card says what to do; 1on1 coverage lists its people.
  await expect(
    owner.getByRole("region", { name: "会議", exact: true }).getByText("この期間に開かれた会議はありません"),
  ).toBeVisible();
  await expect(owner.getByRole("region", { name: "1on1の実施状況" }).getByText("未実施").first()).toBeVisible();

  const downloading = owner.waitForEvent("download");
  await workload.getByRole("button", { name: "CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^分析_担当者ごとの負荷_\d{8}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString("utf8")).toMatch(
    /^担当者,未完了,期限切れ,今日,3日以内,7日以内,それ以降,期限なし\r\n森\s一郎,2,1,0,1,0,0,0\r\n/,
  );

  // A breakdown row opens the task list filtered to it.
  const breakdown = owner.getByRole("region", { name: "内訳" });
  await breakdown.getByRole("tab", { name: "プロジェクト" }).click();
  await breakdown.getByRole("link", { name: "新商品発表会" }).click();
  await expect(owner).toHaveURL(new RegExp(`/task/project\\?.*project_id=${team.project.id}`));
  await expect(owner.getByText("会場を予約する")).toBeVisible();
  await expect(owner.getByText("見積書を再送する")).toHaveCount(0);

  // The manager (a member of 営業部) lands on their group.
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, team.member.email);
  await manager.goto("/analytics");
  await expect(manager).toHaveURL(new RegExp(`/analytics/group/${team.group.id}`), { timeout: 30_000 });
  await expect(manager.getByRole("heading", { name: "営業部の分析", level: 1 })).toBeVisible();
  await manager.getByRole("button", { name: "期間を指定" }).click();
  await manager.getByLabel("開始日").fill(tokyoDay(-7));
  await manager.getByLabel("終了日").fill(tokyoDay(7));
  await expect(manager).toHaveURL(/period=range/);
  await expect(manager.getByText(/（期間を指定）/)).toBeVisible();
  const groups = manager.getByRole("region", { name: "内訳" });
  await groups.getByRole("link", { name: /営業部/ }).click();
  await expect(manager).toHaveURL(new RegExp(`/task/group\\?.*group_id=${team.group.id}`));
  await expect(manager.getByText("見積書を再送する")).toBeVisible();
});
