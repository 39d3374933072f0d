import { readFile } from "node:fs/promises";
import {
  getMeetingContract,
  newMeetingContract,
  putMeetingPeriodicContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import {
  newPrimaryItemContract,
  updatePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { addDays, tokyoDate, tokyoIso, weekdayOf } from "@tasuki/contract/rules/tokyo-date";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { api } from "../support/api.ts";
import { expect as baseExpect, test } from "../support/fixtures.ts";
import { signIn } from "../support/organization.ts";
import { taskTeam } from "../support/tasks.ts";

/**
 * Meetings: a weekly 定例 made in the dialog with a room and a participant, its agenda, minutes and an action item,
 * followed live by the participant; the invitation .ics; the action item in the assignee's /task/me. The next
 * occurrence with what was left open (前回から持ち越し). Two note-takers: a stale save is offered to merge.
 */

/**
 * Pages answer and live changes arrive in about a second; the allowance is for a shared, busy two-core machine
 * (each page of the journey is the first of its kind to load there).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
// Signing up the cast through the API takes most of a journey's time; minutes when the machine is shared.
test.describe.configure({ timeout: 300_000 });

/**
 * The page's clock in the dialog journey: Friday 14 June 2030, 09:00 in Tokyo, so that the dialog's proposal (the
 * next working day) is Monday the 17th whatever the day the suite runs on.
 */
const PAGE_NOW = new Date("2030-06-14T09:00:00+09:00");
const PROPOSED = "2030-06-17";

test("a weekly 定例 made in the dialog: agenda, minutes and an action item followed live; the .ics; the task in /task/me", async ({
  browser,
  page,
}) => {
  const team = await taskTeam("株式会社定例会議");
  await page.clock.setFixedTime(PAGE_NOW);
  await signIn(page, team.owner.email);

  // The next working day 10:00–11:00 (the dialog's own proposal), every week on that weekday.
  await page.goto("/communication/meeting");
  await page.getByRole("button", { name: "会議を作成" }).click();
  const dialog = page.getByRole("dialog", { name: "会議を作成" });
  await dialog.getByLabel("会議名").fill("営業部定例");
  await expect(dialog.getByLabel("日付")).toHaveValue(PROPOSED);
  await dialog.getByLabel("会議室").fill("第1会議室");
  await dialog.getByLabel("参加者").fill("森");
  await page.getByRole("option", { name: /森\s一郎/ }).click();
  // A Saturday cannot repeat weekly while skipping days off (it would never meet again): the choice says so.
  const weekly = dialog.getByLabel("毎週この曜日に繰り返す（祝日・休業日は休み）");
  await dialog.getByLabel("日付").fill("2030-06-15");
  await expect(weekly).toBeDisabled();
  await expect(
    dialog.getByText("土曜日・日曜日は休日のため、休日を休みにする毎週の繰り返しにはできません。"),
  ).toBeVisible();
  await dialog.getByLabel("日付").fill(PROPOSED);
  await weekly.check();
  await dialog.getByRole("button", { name: "作成", exact: true }).click();
  await expect(page).toHaveURL(/\/communication\/meeting\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "営業部定例" })).toBeVisible();
  await expect(page.getByText("・第1会議室")).toBeVisible();
  await expect(page.getByRole("img", { name: "繰り返し" })).toBeVisible();
  const meetingUrl = page.url();

  // The participant has the same page open in their own browser.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, team.member.email);
  await memberPage.goto(meetingUrl);
  await expect(memberPage.getByText("議題はまだありません。")).toBeVisible();

  await page.getByLabel("議題を追加").fill("採用計画");
  await page.getByLabel("議題を追加").press("Enter");
  await expect(page.getByText("1. 採用計画")).toBeVisible();
  await expect(memberPage.getByText("1. 採用計画")).toBeVisible();

  // Minutes are autosaved and reach the participant's open editor.
  const minutes = page.getByLabel("議事録", { exact: true }).locator('[contenteditable="true"]');
  await minutes.click();
  await minutes.pressSequentially("来期の採用は3名で進める。");
  await expect(page.getByRole("status").filter({ hasText: "保存済み" })).toBeVisible();
  await expect(memberPage.getByLabel("議事録", { exact: true })).toContainText("来期の採用は3名で進める。");

  // An action item for the participant.
  await page.getByLabel("やること").fill("求人票を作成する");
  await page.getByLabel("担当者").fill("森");
  await page.getByRole("option", { name: /森\s一郎/ }).click();
  await page.getByLabel("期限").fill(addDays(PROPOSED, 7));
  await page.getByRole("button", { name: "アクションアイテムを追加" }).click();
  await expect(page.getByText("求人票を作成する")).toBeVisible();
  await expect(memberPage.getByText("求人票を作成する")).toBeVisible();

  // The invitation as a file for any calendar.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: ".ics" }).click();
  const ics = await readFile(await (await download).path(), "utf8");
  expect((await download).suggestedFilename()).toBe("営業部定例.ics");
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toContain("SUMMARY:営業部定例");
  expect(ics).toContain("LOCATION:第1会議室");
  expect(ics).toContain(`DTSTART;TZID=Asia/Tokyo:${PROPOSED.replaceAll("-", "")}T100000`);

  // The assignee finds it among their tasks, with the way back to the meeting.
  await memberPage.goto("/task/me");
  await memberPage.getByRole("row", { name: "求人票を作成する" }).getByText("求人票を作成する").click();
  const drawer = memberPage.getByRole("dialog", { name: "タスク詳細" });
  await drawer.getByRole("link", { name: /この会議のアクションアイテムです/ }).click();
  await expect(memberPage).toHaveURL(meetingUrl);
  await memberContext.close();
});

test("the next occurrence of a 定例 that has ended shows what was left open, marked 前回から持ち越し", async ({
  page,
}) => {
  const team = await taskTeam("株式会社持ち越し");
  const { token, workspaceId } = team.owner;
  // Yesterday's 定例 of a weekly series: it has ended, so the next occurrence takes over what was left open as soon
  // as it is opened (the ten-minute carry-over job need not have run). The server's clock is the real one: the
  // series keeps every weekday ("none"), so that yesterday a week on is a meeting whatever day yesterday was (a
  // Saturday series skipping days off has no next meeting, and is refused).
  const yesterday = addDays(tokyoDate(Date.now()), -1);
  const meeting = await api.ok(
    newMeetingContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "営業部定例",
        meeting_type: "regular",
        starts_at: tokyoIso(yesterday, "10:00"),
        ends_at: tokyoIso(yesterday, "11:00"),
        room_name: "第1会議室",
        participant_ids: [team.member.staffId],
      },
    },
    { token },
  );
  // The agenda as the meeting left it, before the series exists: the carry-over job (every ten minutes) looks at
  // series only, so it cannot take the agenda half-written.
  const items: Record<string, string> = {};
  for (const name of ["予算の確認", "採用計画"]) {
    const item = await api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: workspaceId,
          meeting_id: meeting.id,
          name,
        },
      },
      { token },
    );
    items[name] = item.id;
  }
  await api.ok(updatePrimaryItemContract, { params: { id: items.予算の確認! }, body: { done: true } }, { token });
  await api.ok(
    newTaskContract,
    {
      body: {
        workspace_id: workspaceId,
        title: "求人票を作成する",
        meeting_id: meeting.id,
        assignee_id: team.member.staffId,
      },
    },
    { token },
  );
  await api.ok(
    putMeetingPeriodicContract,
    {
      params: { id: meeting.id },
      body: {
        rule: {
          frequency: "weekly",
          interval: 1,
          weekdays: [weekdayOf(yesterday)],
          start_date: yesterday,
          holiday_handling: "none",
          end: { type: "never" },
          time_of_day: null,
          duration_days: 0,
        },
      },
    },
    { token },
  );
  await signIn(page, team.owner.email);
  await page.goto(`/communication/meeting/${meeting.id}`);
  // 予算の確認 was dealt with in the meeting; 採用計画 was not.
  await expect(page.getByLabel("予算の確認を済にする")).toBeChecked();
  await expect(page.getByLabel("採用計画を済にする")).not.toBeChecked();
  await page.getByRole("region", { name: "シリーズ" }).getByRole("link").nth(1).click();
  await expect(page).not.toHaveURL(new RegExp(meeting.id));
  const carried = page.getByRole("listitem").filter({ hasText: "採用計画" });
  await expect(carried).toContainText("1. 採用計画");
  await expect(carried).toContainText("前回から持ち越し");
  await expect(page.getByText("予算の確認")).toHaveCount(0);
  await expect(page.getByText("求人票を作成する")).toBeVisible();
  await expect(page.getByText("前回から持ち越し")).toHaveCount(2);
});

test("two note-takers: a save over someone else's newer minutes is offered to keep both", async ({ page }) => {
  const team = await taskTeam("株式会社議事録");
  const meeting = await api.ok(
    newMeetingContract,
    {
      body: {
        workspace_id: team.owner.workspaceId,
        name: "プロジェクト会議",
        meeting_type: "project",
        starts_at: tokyoIso(PROPOSED, "15:00"),
        ends_at: tokyoIso(PROPOSED, "16:00"),
        participant_ids: [team.member.staffId],
      },
    },
    { token: team.owner.token },
  );
  await signIn(page, team.member.email);
  await page.goto(`/communication/meeting/${meeting.id}`);

  // The owner's save lands while the participant's autosave is on its way: theirs then names an old version.
  let ownerSaved = false;
  await page.route(`**/app/meeting/${meeting.id}`, async (route) => {
    if (route.request().method() === "PATCH" && !ownerSaved) {
      ownerSaved = true;
      await api.ok(
        updateMeetingContract,
        {
          params: { id: meeting.id },
          body: {
            minutes: "<p>佐藤のメモ: 会場は本社</p>",
            minutes_version: 0,
          },
        },
        { token: team.owner.token },
      );
    }
    await route.continue();
  });
  const minutes = page.getByLabel("議事録", { exact: true }).locator('[contenteditable="true"]');
  await minutes.click();
  await minutes.pressSequentially("森のメモ: 予算は据え置き");
  await expect(page.getByText("ほかの人が先に議事録を保存しました。")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "競合しています" })).toBeVisible();

  await page.getByRole("button", { name: "両方を残す" }).click();
  await expect(page.getByRole("status").filter({ hasText: "保存済み" })).toBeVisible();
  await expect(page.getByLabel("議事録", { exact: true })).toContainText("佐藤のメモ: 会場は本社");
  await expect(page.getByLabel("議事録", { exact: true })).toContainText("森のメモ: 予算は据え置き");
  const stored = await api.ok(getMeetingContract, { params: { id: meeting.id } }, { token: team.owner.token });
  expect(stored.minutes).toContain("佐藤のメモ: 会場は本社");
  expect(stored.minutes).toContain("森のメモ: 予算は据え置き");
  expect(stored.minutes_version).toBe(2);
});
