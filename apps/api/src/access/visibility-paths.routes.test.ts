/**
 * One visibility rule on every path that copies, warns or carries over (issue 23; access/access.ts): each path is
 * given a child the caller may not see, and must neither copy it, name it, nor tell it from a missing one.
 */

import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import {
  getMeetingContract,
  listMeetingsContract,
  newMeetingContract,
  putMeetingPeriodicContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import { meetingIcalContract, newCalendarFeedContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { duplicatePrimaryItemContract } from "@tasuki/contract/primary-item/duplicate-primary-item.contract";
import {
  getPrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
  putPrimaryItemPositionContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { duplicateSecondaryItemContract } from "@tasuki/contract/secondary-item/duplicate-secondary-item.contract";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import { getTaskContract, listTasksContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import { savePrimaryItemAsTplContract } from "@tasuki/contract/template/save-primary-item-as-tpl.contract";
import { saveSecondaryItemAsTplContract } from "@tasuki/contract/template/save-secondary-item-as-tpl.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../test/job-helpers.ts";
import { addStaff, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../test/test-app.ts";

// Sunday 2026-11-22, 09:00 in Tokyo.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";
const HOUR = 60 * 60 * 1000;

/**
 * An owner; a guest and a member in one project; a member with the project and meeting permissions but in
 * neither; an organiser and a participant of meetings; a colleague who takes part in none. Guests may use
 * templates and create tasks here, members manage projects and meetings (the callers).
 */
async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社可視性");
  const workspaceId = owner.workspace.id;
  const [guest, member, manager, organizer, participant, colleague] = await Promise.all([
    addStaff(t, workspaceId, "guest"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "admin"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
  ]);
  await t.api.ok(
    updateWorkspaceContract,
    {
      params: { id: workspaceId },
      body: {
        authority_rules: {
          // The admin column narrowed to the two "manage" rights: sees every project and meeting, not every task.
          admin: ["manage_projects", "manage_meetings", "create_tasks", "create_meetings", "manage_templates"],
          member: ["create_tasks", "create_meetings"],
          guest: ["create_tasks", "manage_templates"],
        },
      },
    },
    { token: owner.tokens.access_token },
  );
  const project = await t.api.ok(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "新製品開発",
        member_ids: [guest.staffId, member.staffId],
      },
    },
    { token: owner.tokens.access_token },
  );
  return {
    workspaceId,
    projectId: project.id,
    owner: owner.tokens.access_token,
    guest: guest.tokens.access_token,
    guestId: guest.staffId,
    guestEmail: guest.email,
    member: member.tokens.access_token,
    manager: manager.tokens.access_token,
    organizer: organizer.tokens.access_token,
    organizerId: organizer.staffId,
    organizerEmail: organizer.email,
    participant: participant.tokens.access_token,
    participantId: participant.staffId,
    participantEmail: participant.email,
    colleague: colleague.tokens.access_token,
    colleagueId: colleague.staffId,
    colleagueEmail: colleague.email,
  };
}
type World = Awaited<ReturnType<typeof world>>;

async function signIn(email: string): Promise<string> {
  const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function newMeeting(w: World, fields: Record<string, unknown> = {}, token = w.organizer) {
  return t.api.ok(
    newMeetingContract,
    {
      body: {
        workspace_id: w.workspaceId,
        name: "営業部定例",
        meeting_type: "regular",
        starts_at: "2026-11-30T10:00:00+09:00",
        ends_at: "2026-11-30T11:00:00+09:00",
        room_name: "第1会議室",
        participant_ids: [w.participantId],
        ...fields,
      },
    },
    { token },
  );
}

const newTask = (w: World, fields: Omit<ContractBody<typeof newTaskContract>, "workspace_id">, token = w.owner) =>
  t.api.ok(newTaskContract, { body: { workspace_id: w.workspaceId, ...fields } }, { token });

/** The titles of the project's tasks under one primary item, as the owner (who sees every task) lists them. */
async function projectTaskTitlesUnder(w: World, primaryItemId: string): Promise<string[]> {
  const list = await t.api.ok(
    listTasksContract,
    { query: { workspace_id: w.workspaceId, tab: "project", project_id: w.projectId, per_page: "100" } },
    { token: w.owner },
  );
  return list.items
    .filter((task) => task.primary_item_id === primaryItemId)
    .map((task) => task.title)
    .sort();
}

/** A project item tree with a task for the guest and two 社外秘 tasks they get 404 for. */
async function projectTree(w: World) {
  const item = await t.api.ok(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        project_id: w.projectId,
        name: "商談",
      },
    },
    { token: w.owner },
  );
  const child = await t.api.ok(
    newSecondaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        primary_item_id: item.id,
        name: "条件",
      },
    },
    { token: w.owner },
  );
  const mine = await newTask(w, { title: "見積書の作成", primary_item_id: item.id, assignee_id: w.guestId });
  const hidden = await newTask(w, { title: "社外秘の値引き案", primary_item_id: item.id, description: "原価率 38%" });
  const hiddenBelow = await newTask(w, { title: "社外秘の与信判断", secondary_item_id: child.id });
  // The guest sees their own task only; the other two answer 404 to them.
  expect((await t.api.call(getTaskContract, { params: { id: mine.id } }, { token: w.guest })).status).toBe(200);
  expect((await t.api.call(getTaskContract, { params: { id: hidden.id } }, { token: w.guest })).status).toBe(404);
  expect((await t.api.call(getTaskContract, { params: { id: hiddenBelow.id } }, { token: w.guest })).status).toBe(404);
  return { item, child };
}

describe("copies take only what the copier sees", () => {
  it("duplicating a 大項目 or 中項目 of a project copies the guest's task, not the 社外秘 ones", async () => {
    const w = await world();
    const { item, child } = await projectTree(w);
    const copy = await t.api.ok(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.guest });
    expect(await projectTaskTitlesUnder(w, copy.id)).toEqual(["見積書の作成"]);
    const childCopy = await t.api.ok(duplicateSecondaryItemContract, { params: { id: child.id } }, { token: w.guest });
    const list = await t.api.ok(
      listTasksContract,
      { query: { workspace_id: w.workspaceId, tab: "project", project_id: w.projectId, per_page: "100" } },
      { token: w.owner },
    );
    expect(list.items.filter((task) => task.secondary_item_id === childCopy.id)).toEqual([]);
    // Who sees everything still copies everything.
    const full = await t.api.ok(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.owner });
    expect(await projectTaskTitlesUnder(w, full.id)).toEqual(["社外秘の与信判断", "社外秘の値引き案", "見積書の作成"]);
  });

  it("a member with the project permission outside the project copies none of its tasks", async () => {
    const w = await world();
    const { item } = await projectTree(w);
    const copy = await t.api.ok(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.manager });
    expect(await projectTaskTitlesUnder(w, copy.id)).toEqual([]);
  });

  it("saving an item as a template takes only the tasks the caller sees", async () => {
    const w = await world();
    const { item, child } = await projectTree(w);
    const saved = await t.api.ok(
      savePrimaryItemAsTplContract,
      { body: { primary_item_id: item.id } },
      { token: w.guest },
    );
    const text = JSON.stringify(saved);
    expect(text).toContain("見積書の作成");
    expect(text).not.toContain("社外秘");
    expect(text).not.toContain("原価率");
    const fromChild = await t.api.ok(
      saveSecondaryItemAsTplContract,
      { body: { secondary_item_id: child.id } },
      { token: w.guest },
    );
    expect(JSON.stringify(fromChild)).not.toContain("社外秘");
  });

  it("duplicating an agenda item copies only the action items the copier sees", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const item = await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: m.id,
          name: "人事",
        },
      },
      { token: w.organizer },
    );
    await newTask(w, { title: "社外秘の異動案", primary_item_id: item.id, assignee_id: w.participantId }, w.organizer);
    // The manage_meetings holder sees the meeting and its agenda, but not the task.
    expect((await t.api.call(getPrimaryItemContract, { params: { id: item.id } }, { token: w.manager })).status).toBe(
      200,
    );
    const copy = await t.api.ok(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.manager });
    const page = await t.api.ok(getMeetingContract, { params: { id: m.id } }, { token: w.organizer });
    expect(page.action_items.filter((task) => task.primary_item_id === copy.id)).toEqual([]);
    expect(page.action_items.map((task) => task.title)).toEqual(["社外秘の異動案"]);
  });
});

describe("series and carry-over", () => {
  const weeklyMondays: RecurrenceRuleInput = {
    frequency: "weekly",
    weekdays: [1],
    start_date: "2026-11-30",
    holiday_handling: "next_business_day",
  };

  /** A weekly series of the organiser and the participant; the colleague is added to the second occurrence alone. */
  async function series(w: World) {
    const m = await newMeeting(w, { name: "人事定例" });
    const set = await t.api.ok(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    const [first, second] = set.series;
    await t.api.ok(
      updateMeetingContract,
      {
        params: { id: second!.id },
        body: {
          participant_ids: [w.participantId, w.colleagueId],
        },
      },
      { token: w.organizer },
    );
    await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: first!.id,
          name: "退職面談の件",
        },
      },
      { token: w.organizer },
    );
    expect((await t.api.call(getMeetingContract, { params: { id: first!.id } }, { token: w.colleague })).status).toBe(
      404,
    );
    return { first: first!, second: second!, all: set.series };
  }

  it("the series panel lists only the occurrences the caller may open", async () => {
    const w = await world();
    const s = await series(w);
    const page = await t.api.ok(getMeetingContract, { params: { id: s.second.id } }, { token: w.colleague });
    expect(page.series.map((o) => o.id)).toEqual([s.second.id]);
    // The organiser still sees the whole series.
    const full = await t.api.ok(getMeetingContract, { params: { id: s.second.id } }, { token: w.organizer });
    expect(full.series.map((o) => o.id)).toEqual(s.all.map((o) => o.id));
  });

  it("carries nothing into an occurrence seen by someone who may not see the ended one (job and page)", async () => {
    for (const by of ["job", "page"] as const) {
      const w = await world();
      const s = await series(w);
      // Monday 2026-11-30 11:00 in Tokyo has passed.
      t.advance(8 * 24 * HOUR + 3 * HOUR);
      try {
        if (by === "job") {
          const id = await t.ctx.jobs.enqueue(t.ctx.db, "meeting-carry-over", {});
          await waitForJob(t.ctx.db, id!);
        }
        const colleague = await signIn(w.colleagueEmail);
        expect(
          (await t.api.call(getMeetingContract, { params: { id: s.second.id } }, { token: colleague })).status,
        ).toBe(200);
        const agenda = await t.api.ok(
          listPrimaryItemsContract,
          { query: { workspace_id: w.workspaceId, meeting_id: s.second.id } },
          { token: colleague },
        );
        expect(agenda.items).toEqual([]);
        // Where the people are the same, the agenda is carried as before: the third occurrence gets nothing from
        // the second (nothing was left there), and a series without changes carries (meeting.routes.test.ts).
      } finally {
        t.advance(-(8 * 24 * HOUR + 3 * HOUR));
      }
    }
  });
});

describe("double-booking warnings", () => {
  it("say that a room or a person is busy, and when, without naming a meeting the caller may not see", async () => {
    const w = await world();
    const secret = await newMeeting(
      w,
      { name: "退職面談（極秘）", participant_ids: [w.participantId], meeting_type: "one_on_one" },
      w.organizer,
    );
    const mine = await newMeeting(
      w,
      { name: "朝会", participant_ids: [w.participantId], starts_at: "2026-11-30T10:30:00+09:00" },
      w.colleague,
    );
    const text = JSON.stringify(mine.warnings);
    expect(text).not.toContain("退職面談");
    expect(text).not.toContain(secret.id);
    expect(mine.warnings).toEqual([
      {
        code: "room_busy",
        message: "会議室「第1会議室」は2026年11月30日（月）10:00〜11:00にほかの会議で使われています。",
        meeting_id: null,
        staff_id: null,
      },
      {
        code: "participant_busy",
        message: "鈴木 一郎さんは2026年11月30日（月）10:00〜11:00にほかの予定があります。",
        meeting_id: null,
        staff_id: w.participantId,
      },
    ]);
    // Read again, as the page does: the same.
    const page = await t.api.ok(getMeetingContract, { params: { id: mine.id } }, { token: w.colleague });
    expect(page.warnings).toEqual(mine.warnings);
    // Someone who may see the other meeting is told which one it is.
    const seen = await t.api.ok(getMeetingContract, { params: { id: mine.id } }, { token: w.owner });
    expect(seen.warnings.map((warning) => warning.meeting_id)).toEqual([secret.id, secret.id]);
    expect(seen.warnings[0]!.message).toContain("「退職面談（極秘）」");
  });
});

describe("guests and meetings (decision 0015)", () => {
  it("a guest sees the meetings they take part in, not the other meetings of their group", async () => {
    const w = await world();
    const group = await t.api.ok(
      newGroupContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "営業部",
          member_ids: [w.guestId, w.participantId],
        },
      },
      { token: w.owner },
    );
    const groupMeeting = await newMeeting(w, { name: "営業部の予算会議", group_id: group.id });
    await t.api.ok(
      updateMeetingContract,
      { params: { id: groupMeeting.id }, body: { minutes: "<p>来期の予算は据え置き</p>" } },
      { token: w.organizer },
    );
    const item = await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: groupMeeting.id,
          name: "予算",
        },
      },
      { token: w.organizer },
    );
    const theirs = await newMeeting(w, { name: "取引先との打合せ", participant_ids: [w.participantId, w.guestId] });
    // A member of the group still sees the group's meeting.
    expect(
      (await t.api.call(getMeetingContract, { params: { id: groupMeeting.id } }, { token: w.participant })).status,
    ).toBe(200);

    const list = await t.api.ok(
      listMeetingsContract,
      { query: { workspace_id: w.workspaceId, from: "2026-11-30", to: "2026-11-30" } },
      { token: w.guest },
    );
    expect(list.items.map((m) => m.id)).toEqual([theirs.id]);
    for (const url of [
      `/app/meeting/${groupMeeting.id}`,
      `/app/meeting/${groupMeeting.id}/ical`,
      `/app/primary-item/${item.id}`,
      `/app/primary-item/list?workspace_id=${w.workspaceId}&meeting_id=${groupMeeting.id}`,
    ]) {
      const res = await t.api.raw({ method: "GET", url, token: w.guest });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("予算");
    }
    expect(
      (
        await t.api.call(
          updateMeetingContract,
          { params: { id: groupMeeting.id }, body: { minutes: "<p>x</p>" } },
          { token: w.guest },
        )
      ).status,
    ).toBe(404);
    expect((await t.api.call(getMeetingContract, { params: { id: theirs.id } }, { token: w.guest })).status).toBe(200);
  });

  it("a guest's .ics, invitation mail and calendar feed carry no staff e-mail address but their own", async () => {
    const w = await world();
    const m = await newMeeting(w, { name: "取引先との打合せ", participant_ids: [w.participantId, w.guestId] });
    const ics = String((await t.api.call(meetingIcalContract, { params: { id: m.id } }, { token: w.guest })).body);
    expect(ics).toContain("BEGIN:VEVENT");
    const unfolded = ics.replace(/\r\n[ \t]/g, "").toLowerCase();
    expect(unfolded).toContain(w.guestEmail.toLowerCase());
    for (const email of [w.organizerEmail, w.participantEmail]) expect(unfolded).not.toContain(email.toLowerCase());
    // Staff still get the addresses, as the invitation mails carry them.
    const staffIcs = String(
      (await t.api.call(meetingIcalContract, { params: { id: m.id } }, { token: w.participant })).body,
    )
      .replace(/\r\n[ \t]/g, "")
      .toLowerCase();
    expect(staffIcs).toContain(w.organizerEmail.toLowerCase());

    // The invitation mailed to the guest carries the same: their own address only.
    const invite = await t.smtp.mailWithSubject(w.guestEmail, "に招待されました");
    const mailed = String(invite.calendar)
      .replace(/\r\n[ \t]/g, "")
      .toLowerCase();
    expect(mailed).toContain("begin:vevent");
    expect(mailed).toContain(w.guestEmail.toLowerCase());
    for (const email of [w.organizerEmail, w.participantEmail]) expect(mailed).not.toContain(email.toLowerCase());
    // The participant's invitation still names the people.
    const staffInvite = await t.smtp.mailWithSubject(w.participantEmail, "に招待されました");
    expect(
      String(staffInvite.calendar)
        .replace(/\r\n[ \t]/g, "")
        .toLowerCase(),
    ).toContain(w.guestEmail.toLowerCase());

    const made = await t.api.ok(newCalendarFeedContract, { body: { workspace_id: w.workspaceId } }, { token: w.guest });
    const url = new URL(made.url!);
    const feed = await t.api.raw({ method: "GET", url: url.pathname + url.search });
    expect(feed.status).toBe(200);
    const feedText = String(feed.body)
      .replace(/\r\n[ \t]/g, "")
      .toLowerCase();
    expect(feedText).toContain("取引先との打合せ".toLowerCase());
    for (const email of [w.organizerEmail, w.participantEmail]) expect(feedText).not.toContain(email.toLowerCase());
    expect(feedText).not.toContain("mailto:");
  });
});

describe("existence oracles", () => {
  it("reordering next to a hidden agenda item answers the same 404 as an unknown id", async () => {
    const w = await world();
    const hidden = await newMeeting(w, { name: "役員会議", participant_ids: [] }, w.organizer);
    const hiddenItem = await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: hidden.id,
          name: "秘",
        },
      },
      { token: w.organizer },
    );
    const mine = await newMeeting(w, { name: "朝会", participant_ids: [] }, w.colleague);
    const item = await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: mine.id,
          name: "進捗",
        },
      },
      { token: w.colleague },
    );
    const unknown = await t.api.call(
      putPrimaryItemPositionContract,
      { params: { id: item.id }, body: { prev_id: UNKNOWN_ID } },
      { token: w.colleague },
    );
    const nextToHidden = await t.api.call(
      putPrimaryItemPositionContract,
      {
        params: { id: item.id },
        body: {
          prev_id: hiddenItem.id,
        },
      },
      { token: w.colleague },
    );
    expect(unknown.status).toBe(404);
    expect(nextToHidden.status).toBe(404);
    expect(nextToHidden.body).toEqual(unknown.body);
    // A neighbour the caller sees in another list is still a bad drop.
    const other = await newMeeting(w, { name: "夕会", participant_ids: [] }, w.colleague);
    const otherItem = await t.api.ok(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: other.id,
          name: "x",
        },
      },
      { token: w.colleague },
    );
    const elsewhere = await t.api.call(
      putPrimaryItemPositionContract,
      { params: { id: item.id }, body: { prev_id: otherItem.id } },
      { token: w.colleague },
    );
    expect(elsewhere.status).toBe(400);
  });
});
