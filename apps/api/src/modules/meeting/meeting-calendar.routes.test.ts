/**
 * Meeting invitations, 議事録を共有, reminders and the calendar feed through the HTTP API on a fixed clock: mails
 * go over a real SMTP server on loopback, and every iCalendar is read with a real parser (ical.js).
 */
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import {
  deleteMeetingContract,
  newMeetingContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import {
  calendarFeedIcsContract,
  deleteCalendarFeedContract,
  getCalendarFeedContract,
  meetingIcalContract,
  newCalendarFeedContract,
  shareMeetingMinutesContract,
} from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { listNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { sendMeetingReminders } from "./meeting-notices.ts";

// Sunday 2026-11-22, 09:00 in Tokyo.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";
const MINUTE = 60 * 1000;

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社予定");
  const workspaceId = owner.workspace.id;
  const organizer = await addStaff(t, workspaceId, "member");
  const participant = await addStaff(t, workspaceId, "member");
  const second = await addStaff(t, workspaceId, "member");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  return { workspaceId, owner, organizer, participant, second, stranger, outsider };
}
type World = Awaited<ReturnType<typeof world>>;

function newMeeting(w: World, fields: Partial<ContractBody<typeof newMeetingContract>> = {}) {
  return t.api.ok(
    newMeetingContract,
    {
      body: {
        workspace_id: w.workspaceId,
        name: "営業部定例; 第3週, 確認",
        meeting_type: "regular",
        starts_at: "2026-11-30T10:00:00+09:00",
        ends_at: "2026-11-30T11:00:00+09:00",
        room_name: "第1会議室",
        participant_ids: [w.participant.staffId],
        ...fields,
      },
    },
    { token: w.organizer.tokens.access_token },
  );
}

/** The single VEVENT of an invitation, parsed, with the calendar's METHOD. */
function parseInvitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    timezone: calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid"),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    location: event.location,
    start: event.startDate.toJSDate().toISOString(),
    startZone: event.component.getFirstProperty("dtstart")?.getParameter("tzid"),
    end: event.endDate.toJSDate().toISOString(),
    status: event.component.getFirstPropertyValue("status"),
    attendees: event.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, "")),
  };
}

describe("meeting invitations", () => {
  it("invites the participants with a METHOD:REQUEST .ics, updates them with a higher SEQUENCE, cancels with METHOD:CANCEL", async () => {
    const w = await world();
    const m = await newMeeting(w);
    // The organiser made it and is told nothing; the participant gets the invitation with the calendar part.
    const invite = await t.smtp.mailWithSubject(w.participant.email, "に招待されました");
    expect(invite.text).toContain("2026年11月30日（月）10:00〜11:00");
    expect(invite.text).toContain("第1会議室");
    const first = parseInvitation(invite.calendar);
    expect(first).toMatchObject({
      method: "REQUEST",
      timezone: "Asia/Tokyo",
      uid: `meeting-${m.id}@tasuki`,
      sequence: 0,
      summary: "営業部定例; 第3週, 確認",
      location: "第1会議室",
      start: "2026-11-30T01:00:00.000Z",
      end: "2026-11-30T02:00:00.000Z",
      status: "CONFIRMED",
    });
    expect(first.startZone).toBe("Asia/Tokyo");
    expect(first.attendees).toEqual([w.participant.email.toLowerCase()]);
    expect(t.smtp.mailsTo(w.organizer.email).filter((mail) => mail.subject.includes("会議"))).toHaveLength(0);

    // In the bell too, with the meeting named.
    const bell = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.participant.tokens.access_token },
    );
    expect(bell.body.items[0]).toMatchObject({
      kind: "meeting_invited",
      meeting: { id: m.id, name: "営業部定例; 第3週, 確認", starts_at: "2026-11-30T01:00:00.000Z" },
      task: null,
    });

    // Moved by an hour and a second participant added: an update to the first, an invitation to the second.
    const moved = await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          starts_at: "2026-11-30T11:00:00+09:00",
          ends_at: "2026-11-30T12:00:00+09:00",
          participant_ids: [w.participant.staffId, w.second.staffId],
        },
      },
      { token: w.organizer.tokens.access_token },
    );
    expect(moved.status).toBe(200);
    const update = parseInvitation(
      (await t.smtp.mailWithSubject(w.participant.email, "の予定が変更されました")).calendar,
    );
    expect(update).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1, start: "2026-11-30T02:00:00.000Z" });
    const secondInvite = parseInvitation((await t.smtp.mailWithSubject(w.second.email, "に招待されました")).calendar);
    expect(secondInvite).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1 });
    expect(secondInvite.attendees.sort()).toEqual(
      [w.participant.email.toLowerCase(), w.second.email.toLowerCase()].sort(),
    );

    // The minutes alone change no calendar: nobody is mailed.
    const mailsBefore = t.smtp.mails.length;
    await t.api.call(
      updateMeetingContract,
      { params: { id: m.id }, body: { minutes: "<p>メモ</p>" } },
      { token: w.participant.tokens.access_token },
    );
    // Taken off: that person's attendance is cancelled (METHOD:CANCEL, same UID, higher SEQUENCE).
    await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          participant_ids: [w.participant.staffId],
        },
      },
      { token: w.organizer.tokens.access_token },
    );
    const removed = parseInvitation((await t.smtp.mailWithSubject(w.second.email, "の参加者から外れました")).calendar);
    expect(removed).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2, status: "CANCELLED" });
    expect(removed.attendees).toEqual([w.second.email.toLowerCase()]);
    expect(t.smtp.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([w.second.email.toLowerCase()]);

    // Deleted: the remaining participant's copy is cancelled.
    expect(
      (await t.api.call(deleteMeetingContract, { params: { id: m.id } }, { token: w.organizer.tokens.access_token }))
        .status,
    ).toBe(200);
    const cancelled = parseInvitation(
      (await t.smtp.mailWithSubject(w.participant.email, "が取り消されました")).calendar,
    );
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 3 });
  });

  it("tells a participant taken off a meeting that goes on that they were removed, not that it was cancelled", async () => {
    const w = await world();
    const m = await newMeeting(w, { participant_ids: [w.participant.staffId, w.second.staffId] });
    await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          participant_ids: [w.participant.staffId],
        },
      },
      { token: w.organizer.tokens.access_token },
    );
    const bell = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.second.tokens.access_token },
    );
    expect(bell.body.items[0]).toMatchObject({ kind: "meeting_removed", meeting: { id: m.id } });
    const mail = await t.smtp.mailWithSubject(w.second.email, "会議「営業部定例; 第3週, 確認」の参加者から外れました");
    expect(mail.text).toContain("さんが、会議「営業部定例; 第3週, 確認」の参加者からあなたを外しました。");
    expect(mail.text).not.toContain("取り消");
    // Their calendar drops their copy (METHOD:CANCEL for them alone); the meeting goes on for the others.
    expect(parseInvitation(mail.calendar)).toMatchObject({
      method: "CANCEL",
      attendees: [w.second.email.toLowerCase()],
    });
    expect(t.smtp.mailsTo(w.participant.email).filter((each) => /取り消|外れ/.test(each.subject))).toHaveLength(0);

    // A deleted meeting is cancelled for everyone left, and says by whom.
    expect(
      (await t.api.call(deleteMeetingContract, { params: { id: m.id } }, { token: w.organizer.tokens.access_token }))
        .status,
    ).toBe(200);
    const cancelled = await t.smtp.mailWithSubject(
      w.participant.email,
      "会議「営業部定例; 第3週, 確認」が取り消されました",
    );
    expect(cancelled.text).toContain("さんが、会議「営業部定例; 第3週, 確認」を取り消しました。");
    const after = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.participant.tokens.access_token },
    );
    expect(after.body.items[0]).toMatchObject({ kind: "meeting_cancelled", meeting: { id: m.id } });
  });

  it("answers the invitation .ics to those who see the meeting, and 404 to others", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const res = await t.api.call(
      meetingIcalContract,
      { params: { id: m.id } },
      { token: w.participant.tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(String(res.headers["content-disposition"])).toContain("attachment");
    expect(String(res.body)).toContain("\r\n");
    expect(parseInvitation(String(res.body))).toMatchObject({ method: "REQUEST", uid: `meeting-${m.id}@tasuki` });
    expectError(
      await t.api.call(meetingIcalContract, { params: { id: m.id } }, { token: w.stranger.tokens.access_token }),
      404,
    );
    expectError(
      await t.api.call(meetingIcalContract, { params: { id: m.id } }, { token: w.outsider.tokens.access_token }),
      404,
    );
    expectError(
      await t.api.call(
        meetingIcalContract,
        { params: { id: UNKNOWN_ID } },
        { token: w.participant.tokens.access_token },
      ),
      404,
    );
    expectError(
      await t.api.call(
        meetingIcalContract,
        { params: { id: "not-an-id" } },
        { token: w.participant.tokens.access_token },
      ),
      400,
    );
    expect((await t.api.raw({ method: "GET", url: `/app/meeting/${m.id}/ical` })).status).toBe(401);
  });
});

describe("議事録を共有", () => {
  it("mails the stored minutes (HTML and text) to the attendees but the sender and notifies them", async () => {
    const w = await world();
    const m = await newMeeting(w, { participant_ids: [w.participant.staffId, w.second.staffId] });
    const saved = await t.api.call(
      updateMeetingContract,
      {
        params: { id: m.id },
        body: {
          minutes:
            '<h2>決定事項</h2><ul><li><p>見積を出す</p></li></ul><p onclick="x()">以上<script>alert(1)</script></p>',
        },
      },
      { token: w.participant.tokens.access_token },
    );
    expect(saved.status).toBe(200);
    const shared = await t.api.call(
      shareMeetingMinutesContract,
      { params: { id: m.id } },
      { token: w.participant.tokens.access_token },
    );
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ recipients: 2 });
    for (const person of [w.organizer, w.second]) {
      const mail = await t.smtp.mailWithSubject(person.email, "議事録：営業部定例");
      expect(mail.text).toContain("決定事項");
      expect(mail.text).toContain("・見積を出す");
      expect(mail.html).toContain("<h2>決定事項</h2>");
      expect(mail.html).not.toContain("script");
      expect(mail.html).not.toContain("onclick");
    }
    expect(t.smtp.mailsTo(w.participant.email).some((mail) => mail.subject.includes("議事録"))).toBe(false);
    const bell = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.second.tokens.access_token },
    );
    expect(bell.body.items[0]).toMatchObject({ kind: "meeting_minutes_shared", meeting: { id: m.id } });
  });

  it("mails minutes holding $&, $' and $$ as written: the user's text is never a replacement pattern", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const minutes = "<p>単価 $$500、合計 $&amp; と $' と $` のまま</p>";
    const saved = await t.api.call(
      updateMeetingContract,
      { params: { id: m.id }, body: { minutes } },
      { token: w.organizer.tokens.access_token },
    );
    expect(saved.status).toBe(200);
    expect(
      (
        await t.api.call(
          shareMeetingMinutesContract,
          { params: { id: m.id } },
          { token: w.organizer.tokens.access_token },
        )
      ).status,
    ).toBe(200);
    const mail = await t.smtp.mailWithSubject(w.participant.email, "議事録：営業部定例");
    expect(mail.html).toContain("<p>単価 $$500、合計 $&amp; と $' と $` のまま</p>");
    // The escaped plain paragraph was replaced once, by the minutes, and the mail's end is still there.
    expect(mail.html.match(/単価/g)).toHaveLength(1);
    expect(mail.html).toContain("会議ページを開く");
  });

  it("is refused to those who may not write the minutes, for empty minutes and across workspaces, and writes nothing", async () => {
    const w = await world();
    const m = await newMeeting(w);
    const share = (token: string, id = m.id) => t.api.call(shareMeetingMinutesContract, { params: { id } }, { token });
    expectError(await share(w.participant.tokens.access_token), 400, "minutes_empty");
    await t.api.call(
      updateMeetingContract,
      { params: { id: m.id }, body: { minutes: "<p>議事</p>" } },
      { token: w.organizer.tokens.access_token },
    );
    // The owner sees every meeting through manage_meetings and may share; a member who does not see it gets 404.
    expectError(await share(w.stranger.tokens.access_token), 404);
    expectError(await share(w.outsider.tokens.access_token), 404);
    expectError(await share(w.participant.tokens.access_token, UNKNOWN_ID), 404);
    const bell = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.organizer.tokens.access_token },
    );
    expect(bell.body.items.filter((n: { kind: string }) => n.kind === "meeting_minutes_shared")).toHaveLength(0);
  });
});

describe("meeting reminders", () => {
  it("reminds each attendee once, within 15 minutes of the start, on the injected clock", async () => {
    const w = await world();
    const at = new Date(t.ctx.now().getTime() + 60 * MINUTE);
    const m = await newMeeting(w, {
      name: "リマインド確認",
      starts_at: at.toISOString(),
      ends_at: new Date(at.getTime() + 30 * MINUTE).toISOString(),
    });
    const reminders = async (token: string) =>
      (
        await t.api.call(listNotificationsContract, { query: { workspace_id: w.workspaceId } }, { token })
      ).body.items.filter(
        (n: { kind: string; meeting: { id: string } | null }) =>
          n.kind === "meeting_reminder" && n.meeting?.id === m.id,
      );
    // 30 minutes before: not yet.
    t.advance(30 * MINUTE);
    await sendMeetingReminders(t.ctx);
    expect(await reminders(w.participant.tokens.access_token)).toHaveLength(0);
    // 14 minutes before: once, to the organiser and the participant; a second run writes nothing more.
    t.advance(16 * MINUTE);
    await sendMeetingReminders(t.ctx);
    await sendMeetingReminders(t.ctx);
    // Back to when the tokens were issued, to read the bells.
    t.advance(-46 * MINUTE);
    expect(await reminders(w.participant.tokens.access_token)).toHaveLength(1);
    expect(await reminders(w.organizer.tokens.access_token)).toHaveLength(1);
    const mail = await t.smtp.mailWithSubject(w.participant.email, "まもなく会議「リマインド確認」");
    expect(mail.text).toContain("14分後");
    expect(t.smtp.mailsTo(w.participant.email).filter((x) => x.subject.includes("まもなく"))).toHaveLength(1);
    expect(await reminders(w.stranger.tokens.access_token)).toHaveLength(0);
  });
});

describe("calendar feed", () => {
  it("gives a private URL (shown once) of the person's meetings and deadlines, which a renewal or deletion revokes", async () => {
    const w = await world();
    const token = w.participant.tokens.access_token;
    const m = await newMeeting(w);
    // Someone else's meeting is not in the participant's feed.
    await newMeeting(w, { name: "別の会議", participant_ids: [w.second.staffId] });
    const task = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "議事録を清書する",
          assignee_id: w.participant.staffId,
          expires_at: "2026-12-03T18:00:00+09:00",
        },
      },
      { token: w.organizer.tokens.access_token },
    );
    expect(task.status).toBe(201);

    expect(
      (await t.api.call(getCalendarFeedContract, { query: { workspace_id: w.workspaceId } }, { token })).body,
    ).toEqual({
      enabled: false,
      created_at: null,
      url: null,
    });
    const made = await t.api.call(newCalendarFeedContract, { body: { workspace_id: w.workspaceId } }, { token });
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/\/app\/calendar-feed\/ics\?token=[A-Za-z0-9_-]{40,}$/);
    expect(
      (await t.api.call(getCalendarFeedContract, { query: { workspace_id: w.workspaceId } }, { token })).body,
    ).toMatchObject({
      enabled: true,
      url: null,
    });
    const path = new URL(made.body.url!).pathname + new URL(made.body.url!).search;
    const feed = await t.api.raw({ method: "GET", url: path });
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(String(feed.body)));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.summary).sort()).toEqual(["営業部定例; 第3週, 確認", "期限: 議事録を清書する"].sort());
    const meeting = events.find((e) => e.uid === `meeting-${m.id}@tasuki`)!;
    expect(meeting.startDate.toJSDate().toISOString()).toBe("2026-11-30T01:00:00.000Z");
    const deadline = events.find((e) => e.summary.startsWith("期限"))!;
    expect(deadline.startDate.isDate).toBe(true);
    expect(deadline.startDate.toString()).toBe("2026-12-03");

    // Renewed: the old URL answers 404, the new one works; deleted: nothing answers.
    const renewed = await t.api.call(newCalendarFeedContract, { body: { workspace_id: w.workspaceId } }, { token });
    expect((await t.api.raw({ method: "GET", url: path })).status).toBe(404);
    const newPath = new URL(renewed.body.url!).pathname + new URL(renewed.body.url!).search;
    expect((await t.api.raw({ method: "GET", url: newPath })).status).toBe(200);
    expect(
      (await t.api.call(deleteCalendarFeedContract, { query: { workspace_id: w.workspaceId } }, { token })).status,
    ).toBe(200);
    expect((await t.api.raw({ method: "GET", url: newPath })).status).toBe(404);
  });

  it("counts unknown feed tokens per client address; a feed that answers is never counted", async () => {
    const w = await world();
    const feed = await t.api.call(
      newCalendarFeedContract,
      {
        body: {
          workspace_id: w.workspaceId,
        },
      },
      { token: w.participant.tokens.access_token },
    );
    const url = new URL(feed.body.url!);
    const path = url.pathname + url.search;
    const from = (remoteAddress: string, address: string) => t.api.raw({ method: "GET", url: address, remoteAddress });
    for (let i = 0; i < 32; i++) expect((await from("198.51.100.40", path)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        from("198.51.100.40", `/app/calendar-feed/ics?token=${`${i}`.padEnd(43, "a")}`),
      ),
    );
    expect(guesses.map((res) => res.status).sort()).toEqual([...Array(30).fill(404), 429, 429]);
    expect((await from("198.51.100.40", path)).status).toBe(429);
    expect((await from("198.51.100.41", path)).status).toBe(200);
  });

  it("refuses other workspaces, bad input and unknown tokens", async () => {
    const w = await world();
    const token = w.participant.tokens.access_token;
    expectError(
      await t.api.call(newCalendarFeedContract, { body: { workspace_id: w.outsider.workspace.id } }, { token }),
      404,
    );
    expectError(
      await t.api.call(getCalendarFeedContract, { query: { workspace_id: w.outsider.workspace.id } }, { token }),
      404,
    );
    expectError(
      await t.api.call(deleteCalendarFeedContract, { query: { workspace_id: w.outsider.workspace.id } }, { token }),
      404,
    );
    expectError(await t.api.call(newCalendarFeedContract, { body: { workspace_id: "x" } }, { token }), 400);
    expectError(
      await t.api.raw({
        method: "POST",
        url: "/app/calendar-feed",
        token,
        payload: { workspace_id: w.workspaceId, extra: 1 },
      }),
      400,
    );
    expect((await t.api.call(calendarFeedIcsContract, { query: { token: "short" } })).status).toBe(400);
    expect((await t.api.call(calendarFeedIcsContract, { query: { token: "a".repeat(43) } })).status).toBe(404);
    expect(
      (await t.api.raw({ method: "POST", url: "/app/calendar-feed", payload: { workspace_id: w.workspaceId } })).status,
    ).toBe(401);
  });
});
