import type { CalendarFeed } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { AppError, forbidden, notFound } from "../../lib/app-error.ts";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/tokens.ts";
import { hitLimit, refundHits } from "../../plugins/rate-limit.ts";
import { loadNoticeRecipients } from "../notification/notification.service.ts";
import { taskLink } from "../notification/notification-mail.ts";
import { loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import { loadParticipantIds } from "./meeting.repository.ts";
import { canEditMeeting, meetingInTrash, openMeeting } from "./meeting.service.ts";
import {
  deleteCalendarFeed,
  findCalendarFeed,
  findFeedOwner,
  findPersonDeadlines,
  findPersonMeetings,
  saveCalendarFeed,
} from "./meeting-calendar.repository.ts";
import { calendarFeed, meetingInvitation } from "./meeting-ical.ts";
import { contactsSeenBy, icalMeetingOf, shareMinutes } from "./meeting-notices.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the feed holds: a month back, half a year ahead. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 180;

const feedNotFound = () => notFound("calendar_feed");

/** The invitation .ics of a meeting, as the mails carry it, for whoever sees the meeting. */
export async function meetingIcal(ctx: AppContext, auth: RequestAuth, id: string): Promise<string> {
  const { member, row } = await openMeeting(ctx, auth, id);
  const participantIds = (await loadParticipantIds(ctx.db, row.workspaceId, [id])).get(id) ?? [];
  const ids = [...participantIds, ...(row.organizerId ? [row.organizerId] : [])];
  const [refs, recipients] = await Promise.all([
    loadStaffRefs(ctx.db, row.workspaceId, ids),
    loadNoticeRecipients(ctx.db, ids),
  ]);
  const people = contactsSeenBy({ refs, recipients }, { id: member.id, guest: member.role === "guest" });
  return meetingInvitation(icalMeetingOf(ctx, row, participantIds, people), ctx.now()).ics;
}

/** 議事録を共有, by those who may write the minutes. */
export async function shareMeetingMinutes(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
): Promise<{ recipients: number }> {
  const { member, row } = await openMeeting(ctx, auth, id);
  if (row.deletedAt) throw meetingInTrash();
  return ctx.db.transaction(async (tx) => {
    const participantIds = (await loadParticipantIds(tx, row.workspaceId, [id])).get(id) ?? [];
    if (!canEditMeeting(member, row) && !participantIds.includes(member.id)) {
      throw forbidden("only the organiser, participants or manage_meetings may share the minutes");
    }
    if (!row.minutes.trim()) {
      throw new AppError("minutes_empty", 400, "議事録が空です。書いてから共有してください。", "the minutes are empty");
    }
    return { recipients: await shareMinutes(ctx, tx, member.id, { row, participantIds }) };
  });
}

export async function getCalendarFeed(ctx: AppContext, auth: RequestAuth, workspaceId: string): Promise<CalendarFeed> {
  const member = await requireMember(ctx.db, auth, workspaceId);
  const feed = await findCalendarFeed(ctx.db, member.id);
  return { enabled: Boolean(feed), created_at: feed?.createdAt.toISOString() ?? null, url: null };
}

/** A new secret URL (32 random bytes); only its hash is kept, so this answer is the only place it appears. */
export async function newCalendarFeed(ctx: AppContext, auth: RequestAuth, workspaceId: string): Promise<CalendarFeed> {
  const member = await requireMember(ctx.db, auth, workspaceId);
  const token = newOpaqueToken();
  const at = ctx.now();
  await saveCalendarFeed(ctx.db, workspaceId, member.id, hashOpaqueToken(token), at);
  return {
    enabled: true,
    created_at: at.toISOString(),
    url: `${ctx.config.appOrigin}/app/calendar-feed/ics?token=${token}`,
  };
}

export async function removeCalendarFeed(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
): Promise<{ ok: true }> {
  const member = await requireMember(ctx.db, auth, workspaceId);
  await deleteCalendarFeed(ctx.db, workspaceId, member.id);
  return { ok: true };
}

/**
 * The feed behind a token: the person's meetings (organiser or participant, so always ones they may see) and
 * the deadlines of their open tasks. A revoked token, or one of someone no longer active, answers 404.
 */
export async function calendarFeedIcs(ctx: AppContext, token: string, ip: string): Promise<string> {
  // Unknown tokens are counted per client address before the lookup, and a feed that answers gives its count
  // back: calendars behind one office address poll freely, a client trying tokens is stopped.
  const hits = await hitLimit(ctx, {
    key: `calendar-feed:ip:${ip}`,
    max: 30 * ctx.config.authIpLimitScale,
    windowSeconds: 15 * 60,
  });
  const owner = await findFeedOwner(ctx.db, hashOpaqueToken(token));
  if (!owner) throw feedNotFound();
  await refundHits(ctx, hits);
  const now = ctx.now();
  const window = {
    from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
  };
  const [rows, deadlines] = await Promise.all([
    findPersonMeetings(ctx.db, owner.workspaceId, owner.staffId, window),
    findPersonDeadlines(ctx.db, owner.workspaceId, owner.staffId, window),
  ]);
  const participants = await loadParticipantIds(
    ctx.db,
    owner.workspaceId,
    rows.map((row) => row.id),
  );
  const organizers = rows.map((row) => row.organizerId).filter((id): id is string => id !== null);
  const [refs, recipients] = await Promise.all([
    loadStaffRefs(ctx.db, owner.workspaceId, organizers),
    loadNoticeRecipients(ctx.db, organizers),
  ]);
  const people = contactsSeenBy({ refs, recipients }, { id: owner.staffId, guest: owner.role === "guest" });
  return calendarFeed(
    `Tasuki（${owner.workspaceName}）`,
    rows.map((row) => icalMeetingOf(ctx, row, participants.get(row.id) ?? [], people)),
    deadlines.map((task) => ({
      id: task.id,
      title: task.title,
      date: tokyoDate(task.expiresAt),
      url: taskLink(ctx, task.id),
    })),
    now,
  );
}
