import { putClosedDaysContract } from "@tasuki/contract/calendar/put-closed-days.contract";
import { listNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { api } from "../support/api.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { taskTeam } from "../support/tasks.ts";

/**
 * Meetings, on a pinned clock (Friday 2027-01-08 15:00 in Tokyo): an empty week says so, a new meeting is proposed
 * on the next working day (not Saturday, not 成人の日, not the company's own 休業日), and 議事録を共有 asks in the
 * product's own dialog, never the browser's confirm().
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

for (const width of [1440, 390]) {
  test(`at ${width} px: an empty week says so; a new meeting is proposed on the next working day; 議事録を共有 asks in a dialog of the page`, async ({
    page,
  }) => {
    const team = await taskTeam("株式会社会議の磨き込み");
    // Tuesday after 成人の日 is the company's 創立記念日.
    await api.ok(
      putClosedDaysContract,
      {
        body: {
          workspace_id: team.owner.workspaceId,
          from: "2027-01-12",
          to: "2027-01-12",
          items: [{ date: "2027-01-12", name: "創立記念日" }],
        },
      },
      { token: team.owner.token },
    );
    await page.setViewportSize({ width, height: 900 });
    await page.clock.setFixedTime(new Date("2027-01-08T15:00:00+09:00"));
    const browserDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, team.owner.email);

    // The week of 成人の日 has no meeting yet, and says so.
    await page.goto("/communication/meeting?view=week&date=2027-01-11");
    await expect(page.getByRole("status").filter({ hasText: "この週の会議はありません" })).toBeVisible();
    await expect(page.getByText("「会議を作成」から定例や1on1を登録できます。")).toBeVisible();

    // Friday afternoon: proposed for Wednesday 10:00–11:00 (weekend, 成人の日 and 創立記念日 skipped).
    await page.getByRole("button", { name: "会議を作成" }).click();
    const dialog = page.getByRole("dialog", { name: "会議を作成" });
    await expect(dialog.getByLabel("日付")).toHaveValue("2027-01-13");
    await expect(dialog.getByLabel("開始")).toHaveValue("10:00");
    await expect(dialog.getByLabel("終了")).toHaveValue("11:00");
    await dialog.getByLabel("会議名").fill("新年度の方針");
    await dialog.getByLabel("参加者").fill("森");
    await page.getByRole("option", { name: /森\s一郎/ }).click();
    await dialog.getByRole("button", { name: "作成", exact: true }).click();
    await expect(page.getByRole("heading", { name: "新年度の方針" })).toBeVisible();
    await expect(page.getByText(/2027年1月13日（水）10:00–11:00/)).toBeVisible();

    // 議事録を共有: the page's own dialog; キャンセル sends nothing, 共有する sends to the participant.
    const minutes = page.getByLabel("議事録", { exact: true }).locator('[contenteditable="true"]');
    await minutes.click();
    await minutes.pressSequentially("予算は前年並み。");
    await expect(page.getByRole("status").filter({ hasText: "保存済み" })).toBeVisible();
    await page.getByRole("button", { name: "議事録を共有" }).click();
    const confirm = page.getByRole("dialog", { name: "議事録を共有しますか？" });
    await expect(confirm).toContainText("主催者と参加者（あなたを除く）にメールとお知らせで送ります。");
    await confirm.getByRole("button", { name: "キャンセル" }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole("button", { name: "議事録を共有" }).click();
    await page
      .getByRole("dialog", { name: "議事録を共有しますか？" })
      .getByRole("button", { name: "共有する" })
      .click();
    await expect(page.getByText("議事録を1人に共有しました")).toBeVisible();
    const bell = await api.ok(
      listNotificationsContract,
      { query: { workspace_id: team.owner.workspaceId } },
      { token: team.member.token },
    );
    expect(bell.items.filter((item) => item.kind === "meeting_minutes_shared")).toHaveLength(1);

    // The week now holds it.
    await page.goto("/communication/meeting?view=week&date=2027-01-11");
    await expect(page.getByText("新年度の方針").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "この週の会議はありません" })).toHaveCount(0);
    expect(browserDialogs).toEqual([]);
  });
}
