/**
 * Meetings through the HTTP API on a fixed clock: who sees them (and their agenda and action items), who may
 * change them, participants, minutes (sanitised, 409 when stale), periodic series over holidays, edits of
 * "this" and "this and the following" occurrences, and the carry-over of what was left open.
 */

import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { putClosedDaysContract } from "@tasuki/contract/calendar/put-closed-days.contract";
import type { ContractBody, ContractQuery } from "@tasuki/contract/common/define-contract";
import {
  deleteMeetingContract,
  deleteMeetingPeriodicContract,
  getMeetingContract,
  listMeetingsContract,
  meetingRoomNamesContract,
  newMeetingContract,
  putMeetingPeriodicContract,
  restoreMeetingContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import {
  getPrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
  updatePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import {
  listSecondaryItemsContract,
  newSecondaryItemContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import {
  getTaskContract,
  listTasksContract,
  newTaskContract,
  putTaskStatusContract,
} from "@tasuki/contract/task/task.contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../../test/job-helpers.ts";
import { expectError } from "../../../test/task-world.ts";
import { addStaff, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { groupMembers, groups } from "../../db/schema/workspaces.ts";

// Sunday 2026-11-22, 09:00 in Tokyo. 成人の日 is Monday 2027-01-11.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";
const HOUR = 60 * 60 * 1000;

/** An owner, the organiser (a member), a participant, a guest participant, a stranger (member), another company. */
async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社会議");
  const workspaceId = owner.workspace.id;
  const organizer = await addStaff(t, workspaceId, "member");
  const participant = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  return {
    workspaceId,
    owner: owner.tokens.access_token,
    organizer: organizer.tokens.access_token,
    organizerId: organizer.staffId,
    organizerEmail: organizer.email,
    participantEmail: participant.email,
    participant: participant.tokens.access_token,
    participantId: participant.staffId,
    guest: guest.tokens.access_token,
    guestId: guest.staffId,
    stranger: stranger.tokens.access_token,
    strangerId: stranger.staffId,
    strangerEmail: stranger.email,
    outsider: outsider.tokens.access_token,
    outsiderWorkspaceId: outsider.workspace.id,
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** After the clock moved on by days, access tokens have expired: sign in again. */
async function signIn(email: string): Promise<string> {
  const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

function newMeeting(w: World, fields: Partial<ContractBody<typeof newMeetingContract>> = {}, token = w.organizer) {
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
        participant_ids: [w.participantId, w.guestId],
        ...fields,
      },
    },
    { token },
  );
}

const listIds = async (
  w: World,
  token: string,
  query: Omit<ContractQuery<typeof listMeetingsContract>, "workspace_id"> = {},
) => {
  const res = await t.api.call(listMeetingsContract, { query: { workspace_id: w.workspaceId, ...query } }, { token });
  expect(res.status).toBe(200);
  return (res.body.items as { id: string }[]).map((item) => item.id);
};

describe("meetings", () => {
  it("creates a meeting with its organiser and participants, lists it by Tokyo date and completes room names", async () => {
    const w = await world();
    const m = await newMeeting(w);
    expect(m).toMatchObject({
      name: "営業部定例",
      meeting_type: "regular",
      room_name: "第1会議室",
      starts_at: "2026-11-30T01:00:00.000Z",
      ends_at: "2026-11-30T02:00:00.000Z",
      organizer: { id: w.organizerId },
      minutes: "",
      minutes_version: 0,
      periodic_rule: null,
      occurrence_date: null,
      action_items: [],
      warnings: [],
      can_edit: true,
      can_write_minutes: true,
    });
    expect((m.participants as { id: string }[]).map((p) => p.id).sort()).toEqual([w.participantId, w.guestId].sort());
    // 23:30 on the 1st (Tokyo) is still the 1st; 00:00 on the 2nd is not.
    const late = await newMeeting(w, {
      name: "夜の打合せ",
      starts_at: "2026-12-01T23:30:00+09:00",
      ends_at: "2026-12-02T00:30:00+09:00",
      room_name: "オンライン",
    });
    const next = await newMeeting(w, {
      name: "翌日",
      starts_at: "2026-12-02T00:00:00+09:00",
      ends_at: "2026-12-02T00:30:00+09:00",
    });
    expect(await listIds(w, w.organizer, { from: "2026-11-30", to: "2026-12-01" })).toEqual([m.id, late.id]);
    expect(await listIds(w, w.organizer, { from: "2026-12-02", to: "2026-12-02" })).toEqual([next.id]);
    expect(await listIds(w, w.organizer, { meeting_type: "regular", room_name: "オンライン" })).toEqual([late.id]);
    const rooms = await t.api.call(
      meetingRoomNamesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.guest },
    );
    expect(rooms.body).toEqual({ items: ["オンライン", "第1会議室"] });
    const list = await t.api.call(
      listMeetingsContract,
      { query: { workspace_id: w.workspaceId, from: "2026-11-30" } },
      { token: w.organizer },
    );
    expect(list.body.total).toBe(3);
  });

  it("shows a meeting, its agenda and action items only to those who may see it; others get 404", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const item = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: m.id,
          name: "先週の振り返り",
        },
      },
      { token: w.participant },
    );
    expect(item.status).toBe(201);
    expect(item.body).toMatchObject({ meeting_id: m.id, project_id: null, done: false, carried_from_id: null });
    const action = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "見積書を送る",
          meeting_id: m.id,
          assignee_id: w.participantId,
        },
      },
      { token: w.participant },
    );
    expect(action.status).toBe(201);
    for (const token of [w.owner, w.organizer, w.participant, w.guest]) {
      expect((await t.api.call(getMeetingContract, { params: { id: m.id } }, { token })).status).toBe(200);
      expect(await listIds(w, token)).toEqual([m.id]);
    }
    expect(
      (
        await t.api.call(
          listPrimaryItemsContract,
          { query: { workspace_id: w.workspaceId, meeting_id: m.id } },
          { token: w.guest },
        )
      ).body.items.map((i: { name: string }) => i.name),
    ).toEqual(["先週の振り返り"]);
    // The stranger: nothing of it, in lists, the agenda, its items and its action items alike.
    expectError(await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.stranger }), 404);
    expect(await listIds(w, w.stranger)).toEqual([]);
    expectError(
      await t.api.call(
        listPrimaryItemsContract,
        { query: { workspace_id: w.workspaceId, meeting_id: m.id } },
        { token: w.stranger },
      ),
      404,
      "meeting_not_found",
    );
    expectError(await t.api.call(getPrimaryItemContract, { params: { id: item.body.id } }, { token: w.stranger }), 404);
    expectError(await t.api.call(getTaskContract, { params: { id: action.body.id } }, { token: w.stranger }), 404);
    expectError(
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.workspaceId,
            meeting_id: m.id,
            name: "x",
          },
        },
        { token: w.stranger },
      ),
      404,
      "meeting_not_found",
    );
    expectError(
      await t.api.call(
        newTaskContract,
        { body: { workspace_id: w.workspaceId, title: "x", meeting_id: m.id } },
        { token: w.stranger },
      ),
      404,
      "meeting_not_found",
    );
    // Another company and anonymous callers.
    expectError(await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.outsider }), 404);
    expectError(
      await t.api.call(updateMeetingContract, { params: { id: m.id }, body: { name: "x" } }, { token: w.outsider }),
      404,
    );
    expectError(
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.outsiderWorkspaceId,
            meeting_id: m.id,
            name: "x",
          },
        },
        { token: w.outsider },
      ),
      404,
    );
    expectError(await t.api.call(getMeetingContract, { params: { id: UNKNOWN_ID } }, { token: w.owner }), 404);
    expectError(await t.api.raw({ method: "GET", url: `/app/meeting/${m.id}` }), 401);
    // The action item is the assignee's task, with its link back to the meeting.
    const mine = await t.api.call(
      listTasksContract,
      { query: { workspace_id: w.workspaceId, tab: "me" } },
      { token: w.participant },
    );
    expect(mine.body.items).toEqual([expect.objectContaining({ id: action.body.id, meeting_id: m.id })]);
    const detail = await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.organizer });
    expect(detail.body.action_items).toEqual([
      expect.objectContaining({ id: action.body.id, title: "見積書を送る", carried_over: false }),
    ]);
  });

  it("opens a meeting to the members of its group and project", async () => {
    const w = await world();
    const [group] = await t.ctx.db
      .insert(groups)
      .values({ workspaceId: w.workspaceId, name: "営業部", position: 1 })
      .returning();
    await t.ctx.db
      .insert(groupMembers)
      .values({ workspaceId: w.workspaceId, groupId: group!.id, workspaceUserId: w.strangerId });
    const m = await newMeeting(w, { participant_ids: [], group_id: group!.id });
    expect((await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.stranger })).status).toBe(200);
    const project = await t.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "新製品",
          member_ids: [w.organizerId, w.participantId],
        },
      },
      { token: w.owner },
    );
    const p = await newMeeting(w, { participant_ids: [], meeting_type: "project", project_id: project.body.id });
    expect((await t.api.call(getMeetingContract, { params: { id: p.id } }, { token: w.participant })).status).toBe(200);
    expectError(await t.api.call(getMeetingContract, { params: { id: p.id } }, { token: w.stranger }), 404);
    // A project the caller does not see cannot be named.
    expectError(
      await t.api.call(
        newMeetingContract,
        {
          body: {
            workspace_id: w.workspaceId,
            name: "x",
            starts_at: "2026-11-30T10:00:00+09:00",
            ends_at: "2026-11-30T11:00:00+09:00",
            project_id: project.body.id,
          },
        },
        { token: w.stranger },
      ),
      404,
      "project_not_found",
    );
  });

  it("refuses foreign, unknown and inactive participants, bad times and guests' meetings, writing nothing", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const other = await addStaff(t, w.outsiderWorkspaceId, "member");
    const base = {
      workspace_id: w.workspaceId,
      name: "x",
      starts_at: "2026-11-30T10:00:00+09:00",
      ends_at: "2026-11-30T11:00:00+09:00",
    };
    expectError(
      await t.api.call(
        newMeetingContract,
        { body: { ...base, participant_ids: [other.staffId] } },
        { token: w.organizer },
      ),
      404,
    );
    expectError(
      await t.api.call(
        newMeetingContract,
        { body: { ...base, participant_ids: [UNKNOWN_ID] } },
        { token: w.organizer },
      ),
      404,
    );
    expectError(
      await t.api.call(newMeetingContract, { body: { ...base, ends_at: base.starts_at } }, { token: w.organizer }),
      400,
    );
    expectError(await t.api.call(newMeetingContract, { body: { ...base, name: " " } }, { token: w.organizer }), 400);
    expectError(
      await t.api.raw({
        method: "POST",
        url: "/app/meeting/new",
        token: w.organizer,
        payload: { ...base, meeting_type: "party" },
      }),
      400,
    );
    expectError(await t.api.call(newMeetingContract, { body: base }, { token: w.guest }), 403);
    expectError(await t.api.call(newMeetingContract, { body: base }, { token: w.outsider }), 404);
    expectError(
      await t.api.call(
        updateMeetingContract,
        { params: { id: m.id }, body: { participant_ids: [w.participantId, other.staffId] } },
        { token: w.organizer },
      ),
      404,
      "staff_not_found",
    );
    expectError(
      await t.api.call(
        updateMeetingContract,
        { params: { id: m.id }, body: { ends_at: "2026-11-30T09:00:00+09:00" } },
        { token: w.organizer },
      ),
      400,
    );
    expectError(
      await t.api.raw({ method: "PATCH", url: `/app/meeting/${m.id}`, token: w.organizer, payload: { minutes: 5 } }),
      400,
    );
    const rows = await t.ctx.db.select().from(meetings).where(eq(meetings.workspaceId, w.workspaceId));
    expect(rows.map((row) => row.name)).toEqual(["営業部定例"]);
    const detail = await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.organizer });
    expect(detail.body.participants).toHaveLength(2);
    expect(detail.body.ends_at).toBe("2026-11-30T02:00:00.000Z");
  });

  it("lets participants write minutes, not rename; only the organiser or manage_meetings edit, delete and restore", async () => {
    const w = await world();
    const m = await newMeeting(w);
    expectError(
      await t.api.call(
        updateMeetingContract,
        { params: { id: m.id }, body: { name: "改名" } },
        { token: w.participant },
      ),
      403,
    );
    const saved = await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          minutes: "<p>決定事項</p>",
          minutes_version: 0,
        },
      },
      { token: w.participant },
    );
    expect(saved.body).toMatchObject({ minutes: "<p>決定事項</p>", minutes_version: 1 });
    expectError(await t.api.call(deleteMeetingContract, { params: { id: m.id } }, { token: w.participant }), 403);
    expect(
      (
        await t.api.call(
          updateMeetingContract,
          { params: { id: m.id }, body: { room_name: "大会議室" } },
          { token: w.owner },
        )
      ).body.room_name,
    ).toBe("大会議室");
    expect((await t.api.call(deleteMeetingContract, { params: { id: m.id } }, { token: w.organizer })).body).toEqual({
      ok: true,
    });
    expect(await listIds(w, w.organizer)).toEqual([]);
    expect(await listIds(w, w.organizer, { trash: "true" })).toEqual([m.id]);
    expectError(
      await t.api.call(updateMeetingContract, { params: { id: m.id }, body: { name: "x" } }, { token: w.organizer }),
      409,
      "meeting_in_trash",
    );
    const back = await t.api.call(restoreMeetingContract, { params: { id: m.id } }, { token: w.organizer });
    expect(back.body).toMatchObject({ id: m.id, deleted_at: null });
  });

  it("sanitises minutes with an allow-list and refuses a save against an older version with 409", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const dirty =
      '<h2 style="color:red">議題</h2><p onclick="steal()">本文<script>alert(1)</script>' +
      '<a href="javascript:alert(1)">悪い</a> <a href="https://example.com/x" onmouseover="x()">良い</a>' +
      '<img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe></p><ul><li><strong>確認</strong></li></ul>';
    const saved = await t.api.call(
      updateMeetingContract,
      { params: { id: m.id }, body: { minutes: dirty, minutes_version: 0 } },
      { token: w.organizer },
    );
    expect(saved.status).toBe(200);
    const stored = saved.body.minutes as string;
    for (const bad of [
      "script",
      "alert",
      "onclick",
      "onmouseover",
      "onerror",
      "javascript:",
      "iframe",
      "<img",
      "style",
    ]) {
      expect(stored).not.toContain(bad);
    }
    expect(stored).toBe(
      '<h2>議題</h2><p>本文<a target="_blank" rel="noopener noreferrer nofollow">悪い</a> ' +
        '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">良い</a></p>' +
        "<ul><li><strong>確認</strong></li></ul>",
    );
    const [row] = await t.ctx.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(row!.minutes).toBe(stored);
    // A second note-taker still on version 0: refused, and the minutes stay as they were.
    expectError(
      await t.api.call(
        updateMeetingContract,
        { params: { id: m.id }, body: { minutes: "<p>上書き</p>", minutes_version: 0 } },
        { token: w.participant },
      ),
      409,
      "minutes_conflict",
    );
    const after = await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.participant });
    expect(after.body).toMatchObject({ minutes: stored, minutes_version: 1 });
    const merged = await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          minutes: `${stored}<p>追記</p>`,
          minutes_version: 1,
        },
      },
      { token: w.participant },
    );
    expect(merged.body.minutes_version).toBe(2);
  });

  it("warns about a participant or room booked twice at the same time, and saves anyway", async () => {
    const w = await world();
    const a = await newMeeting(w);
    const b = await newMeeting(w, {
      name: "1on1",
      meeting_type: "one_on_one",
      starts_at: "2026-11-30T10:30:00+09:00",
      ends_at: "2026-11-30T11:30:00+09:00",
      participant_ids: [w.participantId],
    });
    const codes = (b.warnings as { code: string; meeting_id: string; staff_id: string | null }[]).map((x) => [
      x.code,
      x.meeting_id,
      x.staff_id,
    ]);
    expect(codes.sort()).toEqual(
      [
        ["participant_busy", a.id, w.organizerId],
        ["participant_busy", a.id, w.participantId],
        ["room_busy", a.id, null],
      ].sort(),
    );
    const moved = await t.api.call(
      updateMeetingContract,
      {
        params: { id: b.id },
        body: {
          starts_at: "2026-11-30T11:00:00+09:00",
          ends_at: "2026-11-30T12:00:00+09:00",
        },
      },
      { token: w.organizer },
    );
    expect(moved.body.warnings).toEqual([]);
  });
});

describe("periodic meetings", () => {
  const weeklyMondays: RecurrenceRuleInput = {
    frequency: "weekly",
    weekdays: [1],
    start_date: "2026-11-30",
    holiday_handling: "next_business_day",
  };

  const seriesOf = async (token: string, id: string) => {
    const res = await t.api.call(getMeetingContract, { params: { id } }, { token });
    expect(res.status).toBe(200);
    return res.body.series as { id: string; starts_at: string; occurrence_date: string }[];
  };

  it("generates a weekly series ahead, each occurrence its own meeting, moved over holidays, idempotently", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    expect(set.status).toBe(200);
    const series = set.body.series as { id: string; starts_at: string; occurrence_date: string }[];
    // 60 days ahead of 2026-11-22; 成人の日 (Monday 2027-01-11) moves to Tuesday the 12th.
    expect(series.map((o) => o.occurrence_date)).toEqual([
      "2026-11-30",
      "2026-12-07",
      "2026-12-14",
      "2026-12-21",
      "2026-12-28",
      "2027-01-04",
      "2027-01-12",
      "2027-01-18",
    ]);
    expect(series.map((o) => new Date(o.starts_at).toISOString().slice(11, 16))).toEqual(Array(8).fill("01:00"));
    expect(series[0]!.id).toBe(m.id);
    // An occurrence is a meeting with the template's people and room.
    const occurrence = await t.api.call(
      getMeetingContract,
      { params: { id: series[1]!.id } },
      { token: w.participant },
    );
    expect(occurrence.body).toMatchObject({ name: "営業部定例", room_name: "第1会議室", periodic_rule: null });
    expect(occurrence.body.participants).toHaveLength(2);
    // The same rule again: the same meetings.
    const again = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    expect(again.body.series).toEqual(series);
    expectError(
      await t.api.call(
        putMeetingPeriodicContract,
        { params: { id: m.id }, body: { rule: weeklyMondays } },
        { token: w.participant },
      ),
      403,
    );
    expectError(
      await t.api.raw({
        method: "PUT",
        url: `/app/meeting/${m.id}/periodic`,
        token: w.organizer,
        payload: { rule: { frequency: "hourly" } },
      }),
      400,
    );
  });

  it("keeps off the workspace's closed days (年末年始) as well as public holidays, as a task series does", async () => {
    const w = await world();
    const closed = await t.api.call(
      putClosedDaysContract,
      {
        body: {
          workspace_id: w.workspaceId,
          from: "2026-12-01",
          to: "2026-12-31",
          items: ["2026-12-28", "2026-12-29"].map((date) => ({ date, name: "年末年始休業" })),
        },
      },
      { token: w.owner },
    );
    expect(closed.status).toBe(200);
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    expect(set.status).toBe(200);
    // Monday 12/28 and Tuesday 12/29 the company is closed: that week's meeting is on Wednesday 12/30.
    expect((set.body.series as { occurrence_date: string }[]).map((o) => o.occurrence_date).slice(3, 7)).toEqual([
      "2026-12-21",
      "2026-12-30",
      "2027-01-04",
      "2027-01-12",
    ]);
  });

  it("refuses a series that can never hold a meeting, saying why in Japanese, and changes nothing", async () => {
    const w = await world();
    // A Saturday meeting repeated weekly while skipping days off: there is never a next one.
    const m = await newMeeting(w, { starts_at: "2026-11-28T10:00:00+09:00", ends_at: "2026-11-28T11:00:00+09:00" });
    const saturdays: RecurrenceRuleInput = {
      frequency: "weekly",
      weekdays: [6],
      start_date: "2026-11-28",
      holiday_handling: "skip",
    };
    const refused = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: saturdays } },
      { token: w.organizer },
    );
    expectError(refused, 400, "periodic_rule_never_occurs");
    expect(refused.body.message).toContain("土曜日・日曜日は休日のため");
    const ended = await t.api.call(
      putMeetingPeriodicContract,
      {
        params: { id: m.id },
        body: {
          rule: { ...weeklyMondays, start_date: "2026-10-05", end: { type: "until", until: "2026-11-16" } },
        },
      },
      { token: w.organizer },
    );
    expectError(ended, 400, "periodic_rule_never_occurs");
    expect(ended.body.message).toContain("終了日（2026年11月16日）が過ぎているため");
    // Rights first: a participant may not change the series, whatever the rule.
    expectError(
      await t.api.call(
        putMeetingPeriodicContract,
        { params: { id: m.id }, body: { rule: saturdays } },
        { token: w.participant },
      ),
      403,
    );
    const unchanged = await t.api.call(getMeetingContract, { params: { id: m.id } }, { token: w.organizer });
    expect(unchanged.body.periodic_rule).toBeNull();
    expect(unchanged.body.periodic_series_id).toBeNull();
    expect(unchanged.body.series).toEqual([]);
    // Kept on Saturdays, the same series is fine.
    const kept = await t.api.call(
      putMeetingPeriodicContract,
      {
        params: { id: m.id },
        body: {
          rule: { ...saturdays, holiday_handling: "none" },
        },
      },
      { token: w.organizer },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.series.map((o) => o.occurrence_date).slice(0, 2)).toEqual(["2026-11-28", "2026-12-05"]);
  });

  it("never regenerates an edited occurrence, and stopping the series removes only future untouched ones", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    const occurrence = (date: string) =>
      (set.body.series as { id: string; occurrence_date: string }[]).find((o) => o.occurrence_date === date)!;
    const dec14 = occurrence("2026-12-14");
    await t.api.call(
      updateMeetingContract,
      {
        params: { id: dec14.id },
        body: {
          starts_at: "2026-12-15T15:00:00+09:00",
          ends_at: "2026-12-15T16:00:00+09:00",
          scope: "this",
        },
      },
      { token: w.organizer },
    );
    // Work put into an occurrence makes it the people's too: an agenda prepared on 12/21, minutes on 12/28.
    const dec21 = occurrence("2026-12-21");
    const dec28 = occurrence("2026-12-28");
    const agendaItem = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: dec21.id,
          name: "年末の挨拶回り",
        },
      },
      { token: w.participant },
    );
    expect(agendaItem.status).toBe(201);
    const notes = await t.api.call(
      updateMeetingContract,
      {
        params: { id: dec28.id },
        body: {
          minutes: "<p>仕事納めの段取り</p>",
          minutes_version: 0,
        },
      },
      { token: w.participant },
    );
    expect(notes.status).toBe(200);
    // Tuesdays from now on: the moved meeting stays where people put it.
    const tuesdays = await t.api.call(
      putMeetingPeriodicContract,
      {
        params: { id: m.id },
        body: {
          rule: { ...weeklyMondays, weekdays: [2] },
        },
      },
      { token: w.organizer },
    );
    const kept = { [dec14.id]: "moved", [dec21.id]: "agenda", [dec28.id]: "minutes" };
    const dates = (tuesdays.body.series as { id: string; occurrence_date: string; starts_at: string }[]).map((o) => [
      o.occurrence_date,
      kept[o.id] ?? "",
    ]);
    expect(dates).toEqual([
      ["2026-11-30", ""],
      ["2026-12-01", ""],
      ["2026-12-08", ""],
      // The rule's own Tuesday: the moved meeting holds its Monday's date, not this one.
      ["2026-12-15", ""],
      ["2026-12-14", "moved"],
      ["2026-12-21", "agenda"],
      ["2026-12-22", ""],
      ["2026-12-28", "minutes"],
      ["2026-12-29", ""],
      ["2027-01-05", ""],
      ["2027-01-12", ""],
      ["2027-01-19", ""],
    ]);
    const stopped = await t.api.call(deleteMeetingPeriodicContract, { params: { id: m.id } }, { token: w.organizer });
    expect(stopped.body.periodic_rule).toBeNull();
    expect((stopped.body.series as { id: string }[]).map((o) => o.id)).toEqual([m.id, dec14.id, dec21.id, dec28.id]);
    const agenda = await t.api.call(
      listPrimaryItemsContract,
      { query: { workspace_id: w.workspaceId, meeting_id: dec21.id } },
      { token: w.participant },
    );
    expect(agenda.body.items.map((item: { name: string }) => item.name)).toEqual(["年末の挨拶回り"]);
  });

  it("applies an edit to this and the following occurrences only, keeping the earlier ones", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    const ids = (set.body.series as { id: string }[]).map((o) => o.id);
    const edited = await t.api.call(
      updateMeetingContract,
      {
        params: { id: ids[3]! },
        body: {
          name: "営業部定例（新）",
          room_name: "第2会議室",
          starts_at: "2026-12-21T14:00:00+09:00",
          ends_at: "2026-12-21T15:00:00+09:00",
          participant_ids: [w.participantId],
          scope: "following",
        },
      },
      { token: w.organizer },
    );
    expect(edited.status).toBe(200);
    const rows = await Promise.all(
      ids.map((id) => t.api.call(getMeetingContract, { params: { id } }, { token: w.organizer })),
    );
    expect(rows.map((r) => [r.body.name, r.body.room_name, r.body.starts_at.slice(11, 16)])).toEqual([
      ...Array(3).fill(["営業部定例", "第1会議室", "01:00"]),
      ...Array(5).fill(["営業部定例（新）", "第2会議室", "05:00"]),
    ]);
    expect(rows[5]!.body.participants.map((p: { id: string }) => p.id)).toEqual([w.participantId]);
    expect(rows[0]!.body.periodic_rule!.end).toEqual({ type: "until", until: "2026-12-20" });
    expect(rows[3]!.body.periodic_rule).toMatchObject({ start_date: "2026-12-21", weekdays: [1] });
    // The next extension follows the new template: 14:00 in 第2会議室.
    t.advance(14 * 24 * HOUR);
    try {
      const id = await t.ctx.jobs.enqueue(t.ctx.db, "meeting-periodic-replan", {});
      await waitForJob(t.ctx.db, id!);
      const organizer = await signIn(w.organizerEmail);
      const later = await seriesOf(organizer, ids[3]!);
      expect(later.map((o) => o.occurrence_date).slice(-3)).toEqual(["2027-01-18", "2027-01-25", "2027-02-01"]);
      const last = await t.api.call(getMeetingContract, { params: { id: later.at(-1)!.id } }, { token: organizer });
      expect(last.body).toMatchObject({ name: "営業部定例（新）", room_name: "第2会議室" });
      expect(last.body.starts_at).toBe("2027-02-01T05:00:00.000Z");
    } finally {
      t.advance(-14 * 24 * HOUR);
    }
  });

  it("carries unfinished agenda items and open action items over to the next occurrence once it has ended", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    const nextId = (set.body.series as { id: string }[])[1]!.id;
    const item = (name: string) =>
      t.api.call(
        newPrimaryItemContract,
        { body: { workspace_id: w.workspaceId, meeting_id: m.id, name } },
        { token: w.organizer },
      );
    const dealt = await item("予算の確認");
    const open = await item("採用計画");
    await t.api.call(
      newSecondaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          primary_item_id: open.body.id,
          name: "面接日程",
        },
      },
      { token: w.organizer },
    );
    expect(
      (
        await t.api.call(
          updatePrimaryItemContract,
          { params: { id: dealt.body.id }, body: { done: true } },
          { token: w.organizer },
        )
      ).body.done,
    ).toBe(true);
    const task = (title: string) =>
      t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title,
            meeting_id: m.id,
            assignee_id: w.participantId,
          },
        },
        { token: w.organizer },
      );
    const openTask = await task("議事録を配布する");
    const doneTask = await task("会議室を予約する");
    await t.api.call(
      putTaskStatusContract,
      { params: { id: doneTask.body.id }, body: { status: "done" } },
      { token: w.participant },
    );

    // Before the meeting has ended nothing moves.
    const early = await t.ctx.jobs.enqueue(t.ctx.db, "meeting-carry-over", {});
    await waitForJob(t.ctx.db, early!);
    let reader = w.participant;
    const agenda = (id: string) =>
      t.api.call(
        listPrimaryItemsContract,
        { query: { workspace_id: w.workspaceId, meeting_id: id } },
        { token: reader },
      );
    expect((await agenda(nextId)).body.items).toEqual([]);

    // Monday 2026-11-30 11:00 in Tokyo has passed.
    t.advance(8 * 24 * HOUR + 3 * HOUR);
    try {
      reader = await signIn(w.participantEmail);
      for (let run = 0; run < 2; run++) {
        const id = await t.ctx.jobs.enqueue(t.ctx.db, "meeting-carry-over", {});
        await waitForJob(t.ctx.db, id!);
      }
      const carried = (await agenda(nextId)).body.items as { id: string; name: string; carried_from_id: string }[];
      expect(carried.map((i) => [i.name, i.carried_from_id])).toEqual([["採用計画", open.body.id]]);
      const children = await t.api.call(
        listSecondaryItemsContract,
        { query: { workspace_id: w.workspaceId, primary_item_id: carried[0]!.id } },
        { token: reader },
      );
      expect(children.body.items.map((i: { name: string }) => i.name)).toEqual(["面接日程"]);
      const next = await t.api.call(getMeetingContract, { params: { id: nextId } }, { token: reader });
      expect(next.body.action_items).toEqual([
        expect.objectContaining({ id: openTask.body.id, carried_over: true, meeting_id: m.id }),
      ]);
    } finally {
      t.advance(-(8 * 24 * HOUR + 3 * HOUR));
    }
  });
  it("carries the agenda over as soon as the next occurrence is opened after the end, once however often", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const set = await t.api.call(
      putMeetingPeriodicContract,
      { params: { id: m.id }, body: { rule: weeklyMondays } },
      { token: w.organizer },
    );
    const [, next, afterNext] = set.body.series as { id: string }[];
    await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          meeting_id: m.id,
          name: "採用計画",
        },
      },
      { token: w.organizer },
    );
    const agenda = (id: string, token: string) =>
      t.api.call(listPrimaryItemsContract, { query: { workspace_id: w.workspaceId, meeting_id: id } }, { token });
    // Still to come: opening next week's page moves nothing.
    expect((await t.api.call(getMeetingContract, { params: { id: next!.id } }, { token: w.participant })).status).toBe(
      200,
    );
    expect((await agenda(next!.id, w.participant)).body.items).toEqual([]);

    // Monday 2026-11-30 11:00 in Tokyo has passed; no job has run.
    t.advance(8 * 24 * HOUR + 3 * HOUR);
    try {
      const reader = await signIn(w.participantEmail);
      const opened = await Promise.all([
        t.api.call(getMeetingContract, { params: { id: next!.id } }, { token: reader }),
        t.api.call(getMeetingContract, { params: { id: next!.id } }, { token: reader }),
        t.api.call(getMeetingContract, { params: { id: afterNext!.id } }, { token: reader }),
      ]);
      expect(opened.map((res) => res.status)).toEqual([200, 200, 200]);
      expect((await agenda(next!.id, reader)).body.items.map((i: { name: string }) => i.name)).toEqual(["採用計画"]);
      expect((await agenda(afterNext!.id, reader)).body.items).toEqual([]);
      const id = await t.ctx.jobs.enqueue(t.ctx.db, "meeting-carry-over", {});
      await waitForJob(t.ctx.db, id!);
      expect((await agenda(next!.id, reader)).body.items).toHaveLength(1);
      // Opening stays the visibility rule's: someone who may not see the meeting gets 404.
      expect(
        (await t.api.call(getMeetingContract, { params: { id: next!.id } }, { token: await signIn(w.strangerEmail) }))
          .status,
      ).toBe(404);
    } finally {
      t.advance(-(8 * 24 * HOUR + 3 * HOUR));
    }
  });
});
