import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { calendarFeeds, meetingParticipants, meetings } from "../../db/schema/meetings.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";
import type { MeetingRow } from "./meeting.repository.ts";

export async function findCalendarFeed(db: DbOrTx, staffId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.workspaceUserId, staffId));
  return row ?? null;
}

/** One feed per person: a new token replaces the old one, whose URL stops working at once. */
export async function saveCalendarFeed(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  tokenHash: string,
  at: Date,
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ workspaceUserId: staffId, workspaceId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: calendarFeeds.workspaceUserId, set: { tokenHash, createdAt: at } });
}

export async function deleteCalendarFeed(db: DbOrTx, workspaceId: string, staffId: string): Promise<void> {
  await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.workspaceUserId, staffId)));
}

/**
 * Unscoped on purpose: the feed URL names no workspace; the token is the credential. Only an active staff member
 * of a live workspace has a feed that answers.
 */
export async function findFeedOwner(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ staffId: string; role: string; workspaceId: string; workspaceName: string } | null> {
  const [row] = await db
    .select({
      staffId: workspaceUsers.id,
      role: workspaceUsers.role,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
    })
    .from(calendarFeeds)
    .innerJoin(workspaceUsers, eq(workspaceUsers.id, calendarFeeds.workspaceUserId))
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, tokenHash),
        eq(workspaceUsers.status, "active"),
        isNull(workspaceUsers.deletedAt),
        isNull(workspaces.deletedAt),
      ),
    );
  return row ?? null;
}

/** The live meetings a person organises or takes part in that start in [from, to), by start. */
export async function findPersonMeetings(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  window: { from: Date; to: Date },
): Promise<MeetingRow[]> {
  return db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.workspaceId, workspaceId),
        isNull(meetings.deletedAt),
        gte(meetings.startsAt, window.from),
        lt(meetings.startsAt, window.to),
        or(
          eq(meetings.organizerId, staffId),
          inArray(
            meetings.id,
            db
              .select({ id: meetingParticipants.meetingId })
              .from(meetingParticipants)
              .where(
                and(eq(meetingParticipants.workspaceId, workspaceId), eq(meetingParticipants.workspaceUserId, staffId)),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(2000);
}

/** A person's open tasks (未着手, 進行中) with a deadline in [from, to). */
export async function findPersonDeadlines(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  window: { from: Date; to: Date },
): Promise<{ id: string; title: string; expiresAt: Date }[]> {
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, expiresAt: tasks.expiresAt })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.assigneeId, staffId),
        isNull(tasks.deletedAt),
        inArray(tasks.status, ["none", "in_progress"]),
        gte(tasks.expiresAt, window.from),
        lt(tasks.expiresAt, window.to),
      ),
    )
    .orderBy(asc(tasks.expiresAt), asc(tasks.id))
    .limit(2000);
  return rows.filter((row): row is { id: string; title: string; expiresAt: Date } => row.expiresAt !== null);
}

/** Live meetings of live workspaces starting in (after, until]: the ones whose reminder is due. */
export async function findMeetingsStarting(db: DbOrTx, after: Date, until: Date): Promise<MeetingRow[]> {
  const rows = await db
    .select({ meeting: meetings })
    .from(meetings)
    .innerJoin(workspaces, eq(workspaces.id, meetings.workspaceId))
    .where(
      and(
        isNull(meetings.deletedAt),
        isNull(workspaces.deletedAt),
        gt(meetings.startsAt, after),
        lte(meetings.startsAt, until),
      ),
    )
    .orderBy(asc(meetings.startsAt))
    .limit(1000);
  return rows.map((row) => row.meeting);
}

export async function findWorkspaceName(db: DbOrTx, workspaceId: string): Promise<string> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? "";
}
