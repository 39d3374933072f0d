import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { NotificationKind } from "../../db/schema/notifications.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import {
  isMeetingCancellation,
  type MeetingMailFacts,
  type MeetingNoticeKind,
  meetingNoticeMail,
  meetingNoticeSentence,
  meetingReminderMail,
  minutesMail,
} from "../../mail/meeting-templates.ts";
import { planExternalDeliveries } from "../external-service/external-delivery-plan.ts";
import { loadNoticeRecipients, type Recipient, writeInAppNotices } from "../notification/notification.service.ts";
import { enqueueMails } from "../notification/notification-mail.ts";
import {
  findActiveStaffIds,
  findGuestIds,
  loadStaffRefs,
  type StaffRefRow,
} from "../workspace-user/staff-directory.service.ts";
import { loadParticipantIds, type MeetingRow, updateMeetings } from "./meeting.repository.ts";
import { findMeetingsStarting, findWorkspaceName } from "./meeting-calendar.repository.ts";
import { type IcalMeeting, meetingInvitation } from "./meeting-ical.ts";
import { minutesText } from "./sanitize-minutes.ts";
import { japaneseMeetingTime } from "./tokyo-time.ts";

/** A meeting and its participants, before or after a change. */
export interface MeetingState {
  row: MeetingRow;
  participantIds: string[];
}

/** How long before the start the reminder goes out, and how often the job looks (compose-jobs.ts). */
export const REMINDER_MINUTES = 15;

const personName = (ref: StaffRefRow | undefined) => (ref ? `${ref.lastName} ${ref.firstName}`.trim() : "");

export const meetingLink = (ctx: AppContext, id: string) =>
  `${ctx.config.appOrigin}/communication/meeting/${encodeURIComponent(id)}`;

/** The organiser and the participants: everyone the meeting is in the calendar of. */
const attendeesOf = (state: MeetingState) =>
  new Set([state.row.organizerId, ...state.participantIds].filter((id): id is string => id !== null));

/** What a participant's calendar shows: a change of any of these is an update of the invitation. */
const scheduleChanged = (a: MeetingRow, b: MeetingRow) =>
  a.name !== b.name ||
  a.startsAt.getTime() !== b.startsAt.getTime() ||
  a.endsAt.getTime() !== b.endsAt.getTime() ||
  a.roomName !== b.roomName ||
  a.description !== b.description;

/** The people of a meeting with what the mails and the .ics need: names, addresses, preferences, who is active. */
async function loadPeople(db: DbOrTx, row: MeetingRow, ids: string[]) {
  const [refs, recipients, active, guests] = await Promise.all([
    loadStaffRefs(db, row.workspaceId, ids),
    loadNoticeRecipients(db, ids),
    findActiveStaffIds(db, row.workspaceId, ids),
    findGuestIds(db, row.workspaceId, ids),
  ]);
  return { refs, recipients, active, guests };
}

/**
 * The addresses a reader of an invitation may see: a guest (someone from outside the company, refused staff
 * e-mail addresses everywhere else: decision 0004) only their own; everyone else all of them. Names stay.
 */
export function contactsSeenBy<T extends { recipients: Map<string, Recipient> }>(
  people: T,
  reader: { id: string; guest: boolean },
): T {
  if (!reader.guest) return people;
  const own = people.recipients.get(reader.id);
  return { ...people, recipients: new Map(own ? [[reader.id, own]] : []) };
}

/** The meeting as the iCalendar module takes it. */
export function icalMeetingOf(
  ctx: AppContext,
  row: MeetingRow,
  participantIds: string[],
  people: { refs: Map<string, StaffRefRow>; recipients: Map<string, Recipient> },
  options: { cancelled?: boolean; only?: string } = {},
): IcalMeeting {
  const person = (id: string) => ({
    name: personName(people.refs.get(id)),
    email: people.recipients.get(id)?.email || null,
  });
  const attendees = options.only ? [options.only] : participantIds;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    roomName: row.roomName,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    sequence: row.icalSequence,
    cancelled: options.cancelled ?? Boolean(row.deletedAt),
    organizer: row.organizerId ? person(row.organizerId) : null,
    attendees: attendees.map(person),
    url: meetingLink(ctx, row.id),
    updatedAt: row.updatedAt,
  };
}

function factsOf(ctx: AppContext, row: MeetingRow, workspaceName: string, actorName: string | null): MeetingMailFacts {
  return {
    workspaceName,
    actorName,
    meetingName: row.name,
    when: japaneseMeetingTime(row.startsAt, row.endsAt),
    roomName: row.roomName,
    link: meetingLink(ctx, row.id),
  };
}

/**
 * The invitations of a change, in its transaction: new attendees are invited, those taken off and everyone of a
 * deleted meeting get a cancellation, the others an update when the time, room, name or description changed.
 * Each hears of it in the app and, unless they turned mail off, by a mail with the .ics (METHOD:REQUEST or
 * CANCEL, one UID per meeting, SEQUENCE bumped by every update or cancellation, RFC 5546). The one who made the
 * change hears nothing; occurrences made by a series' generator send nothing (their people have the feed).
 */
export async function announceMeetingChange(
  ctx: AppContext,
  tx: DbOrTx,
  actorId: string | null,
  before: MeetingState | null,
  after: MeetingState,
): Promise<void> {
  const live = (state: MeetingState | null) => Boolean(state && !state.row.deletedAt);
  const was = live(before) ? attendeesOf(before!) : new Set<string>();
  const now = live(after) ? attendeesOf(after) : new Set<string>();
  const planned = new Map<string, MeetingNoticeKind>();
  for (const id of now) if (!was.has(id)) planned.set(id, "meeting_invited");
  // Taken off a meeting that goes on is not the meeting being cancelled: they are told which it was.
  for (const id of was) if (!now.has(id)) planned.set(id, live(after) ? "meeting_removed" : "meeting_cancelled");
  if (live(before) && live(after) && scheduleChanged(before!.row, after.row)) {
    for (const id of now) if (was.has(id)) planned.set(id, "meeting_updated");
  }
  if (actorId) planned.delete(actorId);
  if (!planned.size) return;

  let row = after.row;
  // A calendar takes an update or cancellation only with a higher SEQUENCE than what it holds.
  if (before && [...planned.values()].some((kind) => kind !== "meeting_invited" || !live(before))) {
    row = (await updateMeetings(tx, row.workspaceId, [row.id], { icalSequence: row.icalSequence + 1 }))[0]!;
  }
  const ids = [...new Set([...planned.keys(), ...attendeesOf(after), ...(actorId ? [actorId] : [])])];
  const people = await loadPeople(tx, row, ids);
  const recipients = [...planned.entries()].filter(([id]) => people.active.has(id));
  await writeInAppNotices(
    ctx,
    tx,
    recipients.map(([recipientId, kind]) => ({
      workspaceId: row.workspaceId,
      recipientId,
      actorId,
      kind,
      meetingId: row.id,
      data: { meeting_name: row.name, starts_at: row.startsAt.toISOString() },
    })),
  );
  const facts = factsOf(
    ctx,
    row,
    await findWorkspaceName(tx, row.workspaceId),
    actorId ? personName(people.refs.get(actorId)) || null : null,
  );
  // Slack / Chatwork, to those who linked an account and keep meeting notices on there (decision 0020).
  await planExternalDeliveries(
    ctx,
    tx,
    recipients.map(([recipientId, kind]) => ({
      notificationId: null,
      key: `${kind}:${row.id}:${row.icalSequence}:${recipientId}`,
      workspaceId: row.workspaceId,
      recipientId,
      kind: "meeting" as const,
      text: `${meetingNoticeSentence(kind, facts)}（${facts.when}${facts.roomName ? `・${facts.roomName}` : ""}）`,
      url: isMeetingCancellation(kind) ? null : facts.link,
    })),
  );
  const mails: MailMessage[] = [];
  for (const [id, kind] of recipients) {
    const recipient = people.recipients.get(id);
    if (!recipient?.email || recipient.mode === "none") continue;
    const cancelled = isMeetingCancellation(kind);
    const ical = meetingInvitation(
      icalMeetingOf(ctx, row, after.participantIds, contactsSeenBy(people, { id, guest: people.guests.has(id) }), {
        cancelled,
        // Someone taken off a meeting that goes on is told that their own attendance is cancelled.
        ...(cancelled && live(after) && { only: id }),
      }),
      ctx.now(),
    );
    mails.push(meetingNoticeMail(recipient.email, kind, facts, ical));
  }
  await enqueueMails(ctx, tx, mails);
}

/**
 * 議事録を共有: the stored minutes to every attendee but the sender, in the app and by mail (HTML and text).
 * An explicit act of the sender, so it is mailed whatever the recipients' notice preference, except to those
 * who turned mail off. Answers how many people it went to.
 */
export async function shareMinutes(ctx: AppContext, tx: DbOrTx, actorId: string, state: MeetingState): Promise<number> {
  const row = state.row;
  const ids = [...attendeesOf(state)];
  const people = await loadPeople(tx, row, [...ids, actorId]);
  const recipients = ids.filter((id) => id !== actorId && people.active.has(id));
  await writeInAppNotices(
    ctx,
    tx,
    recipients.map((recipientId) => ({
      workspaceId: row.workspaceId,
      recipientId,
      actorId,
      kind: "meeting_minutes_shared" as NotificationKind,
      meetingId: row.id,
      data: { meeting_name: row.name, starts_at: row.startsAt.toISOString() },
    })),
  );
  const facts = factsOf(
    ctx,
    row,
    await findWorkspaceName(tx, row.workspaceId),
    personName(people.refs.get(actorId)) || null,
  );
  const minutes = { html: row.minutes, text: minutesText(row.minutes) };
  const mails = recipients.flatMap((id) => {
    const recipient = people.recipients.get(id);
    return recipient?.email && recipient.mode !== "none" ? [minutesMail(recipient.email, facts, minutes)] : [];
  });
  await enqueueMails(ctx, tx, mails);
  return recipients.length;
}

/**
 * The reminder job: for every meeting starting within REMINDER_MINUTES, a notice to each active attendee and,
 * for those who take mail at once, a mail. Each once per person and start time (`dedupeKey`), however often
 * the job runs or on how many instances; a meeting moved to another time is reminded of again.
 */
export async function sendMeetingReminders(ctx: AppContext): Promise<{ reminders: number }> {
  const now = ctx.now();
  const due = await findMeetingsStarting(ctx.db, now, new Date(now.getTime() + REMINDER_MINUTES * 60_000));
  let reminders = 0;
  for (const row of due) {
    reminders += await ctx.db.transaction(async (tx) => {
      const participantIds = (await loadParticipantIds(tx, row.workspaceId, [row.id])).get(row.id) ?? [];
      const ids = [...attendeesOf({ row, participantIds })];
      const people = await loadPeople(tx, row, ids);
      const written = await writeInAppNotices(
        ctx,
        tx,
        ids
          .filter((id) => people.active.has(id))
          .map((recipientId) => ({
            workspaceId: row.workspaceId,
            recipientId,
            actorId: null,
            kind: "meeting_reminder" as NotificationKind,
            meetingId: row.id,
            data: { meeting_name: row.name, starts_at: row.startsAt.toISOString() },
            dedupeKey: `meeting-reminder:${row.id}:${row.startsAt.toISOString()}`,
          })),
      );
      if (!written.length) return 0;
      const facts = factsOf(ctx, row, await findWorkspaceName(tx, row.workspaceId), null);
      const minutes = Math.max(1, Math.round((row.startsAt.getTime() - now.getTime()) / 60_000));
      // A reminder is worth nothing in tomorrow's digest: mail only to those who take mail at once.
      const mails = written.flatMap((notice) => {
        const recipient = people.recipients.get(notice.recipientId);
        return recipient?.email && recipient.mode === "immediately"
          ? [meetingReminderMail(recipient.email, facts, minutes)]
          : [];
      });
      await enqueueMails(ctx, tx, mails);
      return written.length;
    });
  }
  return { reminders };
}
