import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, max, ne, or, sql } from "drizzle-orm";
import { type MeetingViewer, meetingVisibleTo } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { meetingParticipants, meetings } from "../../db/schema/meetings.ts";
import { primaryItems, tasks } from "../../db/schema/tasks.ts";

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;

/**
 * Unscoped on purpose: `/app/meeting/{id}` names no workspace, so the meeting's workspace is read here and the
 * caller's membership of it is checked before anything else of the meeting is read.
 */
export async function findMeetingWorkspaceId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ workspaceId: meetings.workspaceId }).from(meetings).where(eq(meetings.id, id));
  return row?.workspaceId ?? null;
}

/** One meeting, live or in the trash, if the viewer may see it. */
export async function findVisibleMeeting(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  viewer: MeetingViewer,
): Promise<MeetingRow | null> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.id, id), meetingVisibleTo(db, workspaceId, viewer)));
  return row ?? null;
}

/** The same row locked for the rest of the transaction (a read-check-write path re-reads it here). */
export async function lockMeeting(db: DbOrTx, workspaceId: string, id: string): Promise<MeetingRow | null> {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.id, id)))
    .for("update");
  return row ?? null;
}

export interface MeetingListFilter {
  viewer: MeetingViewer;
  from: Date | null;
  to: Date | null;
  meetingType?: string | undefined;
  roomName?: string | undefined;
  participantId?: string | undefined;
  groupId?: string | undefined;
  projectId?: string | undefined;
  trash: boolean;
  limit: number;
  offset: number;
}

/** A page of the meetings a viewer sees, in start order, with the count of all that match: two queries. */
export async function listMeetings(
  db: DbOrTx,
  workspaceId: string,
  filter: MeetingListFilter,
): Promise<{ rows: MeetingRow[]; total: number }> {
  const where = and(
    eq(meetings.workspaceId, workspaceId),
    filter.trash ? isNotNull(meetings.deletedAt) : isNull(meetings.deletedAt),
    filter.from ? gte(meetings.startsAt, filter.from) : undefined,
    filter.to ? lt(meetings.startsAt, filter.to) : undefined,
    filter.meetingType ? eq(meetings.meetingType, filter.meetingType as MeetingRow["meetingType"]) : undefined,
    filter.roomName ? eq(meetings.roomName, filter.roomName) : undefined,
    filter.groupId ? eq(meetings.groupId, filter.groupId) : undefined,
    filter.projectId ? eq(meetings.projectId, filter.projectId) : undefined,
    filter.participantId
      ? or(
          eq(meetings.organizerId, filter.participantId),
          inArray(
            meetings.id,
            db
              .select({ id: meetingParticipants.meetingId })
              .from(meetingParticipants)
              .where(
                and(
                  eq(meetingParticipants.workspaceId, workspaceId),
                  eq(meetingParticipants.workspaceUserId, filter.participantId),
                ),
              ),
          ),
        )
      : undefined,
    meetingVisibleTo(db, workspaceId, filter.viewer),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(meetings)
      .where(where)
      .orderBy(asc(meetings.startsAt), asc(meetings.position), asc(meetings.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(meetings).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Participant ids per meeting, in one query. */
export async function loadParticipantIds(
  db: DbOrTx,
  workspaceId: string,
  meetingIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(meetingIds.map((id) => [id, []]));
  if (!meetingIds.length) return result;
  const rows = await db
    .select({ meetingId: meetingParticipants.meetingId, staffId: meetingParticipants.workspaceUserId })
    .from(meetingParticipants)
    .where(and(eq(meetingParticipants.workspaceId, workspaceId), inArray(meetingParticipants.meetingId, meetingIds)));
  for (const row of rows) result.get(row.meetingId)?.push(row.staffId);
  return result;
}

export async function insertMeetings(db: DbOrTx, values: MeetingInsert[]): Promise<MeetingRow[]> {
  if (!values.length) return [];
  return db.insert(meetings).values(values).returning();
}

export async function updateMeetings(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  values: Partial<MeetingInsert>,
): Promise<MeetingRow[]> {
  if (!ids.length) return [];
  return db
    .update(meetings)
    .set(values)
    .where(and(eq(meetings.workspaceId, workspaceId), inArray(meetings.id, ids)))
    .returning();
}

/** Sets the participants of these meetings to exactly `staffIds` each (one delete, one insert). */
export async function replaceParticipants(
  db: DbOrTx,
  workspaceId: string,
  meetingIds: string[],
  staffIds: string[],
): Promise<void> {
  if (!meetingIds.length) return;
  await db
    .delete(meetingParticipants)
    .where(and(eq(meetingParticipants.workspaceId, workspaceId), inArray(meetingParticipants.meetingId, meetingIds)));
  const rows = meetingIds.flatMap((meetingId) =>
    staffIds.map((workspaceUserId) => ({ workspaceId, meetingId, workspaceUserId })),
  );
  if (rows.length) await db.insert(meetingParticipants).values(rows);
}

/** The distinct room names of the workspace's live meetings, for completion. */
export async function listRoomNames(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: meetings.roomName })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), ne(meetings.roomName, ""), isNull(meetings.deletedAt)))
    .orderBy(asc(meetings.roomName))
    .limit(500);
  return rows.map((row) => row.name);
}

/**
 * Live meetings other than `meetingId` overlapping [startsAt, endsAt) that share a participant (organiser
 * included) or the room: the double bookings to warn about. One query.
 */
export async function findOverlaps(
  db: DbOrTx,
  workspaceId: string,
  meetingId: string,
  window: { startsAt: Date; endsAt: Date },
  people: string[],
  roomName: string,
): Promise<{ meetingId: string; name: string; startsAt: Date; endsAt: Date; roomName: string; people: string[] }[]> {
  const rows = await db
    .select({
      meetingId: meetings.id,
      name: meetings.name,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      roomName: meetings.roomName,
      organizerId: meetings.organizerId,
      participants: sql<
        string[]
      >`coalesce(array_agg(${meetingParticipants.workspaceUserId}::text) filter (where ${meetingParticipants.workspaceUserId} is not null), '{}')`,
    })
    .from(meetings)
    .leftJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
    .where(
      and(
        eq(meetings.workspaceId, workspaceId),
        ne(meetings.id, meetingId),
        isNull(meetings.deletedAt),
        lt(meetings.startsAt, window.endsAt),
        gt(meetings.endsAt, window.startsAt),
      ),
    )
    .groupBy(meetings.id)
    .limit(200);
  const wanted = new Set(people);
  return rows
    .map((row) => ({
      meetingId: row.meetingId,
      name: row.name,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      roomName: roomName && row.roomName === roomName ? row.roomName : "",
      people: [...new Set([row.organizerId, ...row.participants])].filter(
        (id): id is string => id !== null && wanted.has(id),
      ),
    }))
    .filter((row) => row.roomName || row.people.length);
}

/** Every row of these series (live or trashed), by start. */
export async function findSeriesRows(db: DbOrTx, workspaceId: string, seriesIds: string[]): Promise<MeetingRow[]> {
  if (!seriesIds.length) return [];
  return db
    .select()
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), inArray(meetings.periodicSeriesId, seriesIds)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id));
}

/** Live tasks whose meeting is one of these (action items), in their order. */
export async function findMeetingTasks(
  db: DbOrTx,
  workspaceId: string,
  meetingIds: string[],
  open: boolean,
): Promise<(typeof tasks.$inferSelect)[]> {
  if (!meetingIds.length) return [];
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        inArray(tasks.meetingId, meetingIds),
        isNull(tasks.deletedAt),
        open ? inArray(tasks.status, ["none", "in_progress"]) : undefined,
      ),
    )
    .orderBy(asc(tasks.position), asc(tasks.id))
    .limit(500);
}

/** Manual order of meetings starting at the same instant (the list is in start order). */
export async function meetingPositions(
  db: DbOrTx,
  workspaceId: string,
  startsAt: Date,
  ids: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: meetings.id, position: meetings.position })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.startsAt, startsAt), inArray(meetings.id, ids)));
  return new Map(rows.map((row) => [row.id, row.position]));
}

export async function lastMeetingPosition(db: DbOrTx, workspaceId: string, startsAt: Date): Promise<number | null> {
  const [row] = await db
    .select({ last: max(meetings.position) })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.startsAt, startsAt)));
  return row?.last ?? null;
}

export async function renumberMeetings(db: DbOrTx, workspaceId: string, startsAt: Date): Promise<void> {
  await db.execute(sql`
    update ${meetings} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${meetings} where workspace_id = ${workspaceId} and starts_at = ${startsAt}
    ) as ranked
    where ${meetings.id} = ranked.id and ${meetings.workspaceId} = ${workspaceId}`);
}

/** Ended occurrences of a series whose unfinished agenda has not been carried over yet. */
export async function findEndedUncarried(db: DbOrTx, now: Date, limit: number): Promise<MeetingRow[]> {
  return db
    .select()
    .from(meetings)
    .where(
      and(
        isNotNull(meetings.periodicSeriesId),
        isNull(meetings.carriedOverAt),
        isNull(meetings.deletedAt),
        lte(meetings.endsAt, now),
      ),
    )
    .orderBy(asc(meetings.endsAt))
    .limit(limit);
}

/**
 * The ended occurrences of one series before an instant whose agenda has not been carried over yet (the
 * meeting page of a later occurrence carries them at once rather than waiting for the job).
 */
export async function findEndedUncarriedBefore(
  db: DbOrTx,
  workspaceId: string,
  seriesId: string,
  before: Date,
  now: Date,
): Promise<MeetingRow[]> {
  return db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.workspaceId, workspaceId),
        eq(meetings.periodicSeriesId, seriesId),
        isNull(meetings.carriedOverAt),
        isNull(meetings.deletedAt),
        lt(meetings.startsAt, before),
        lte(meetings.endsAt, now),
      ),
    )
    .orderBy(asc(meetings.endsAt));
}

/**
 * The meetings among these that people have put work into: a live agenda item or action item. Such an
 * occurrence is theirs like an edited one, so the series generator never removes it.
 */
export async function findMeetingsWithWork(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const [items, actions] = await Promise.all([
    db
      .selectDistinct({ id: primaryItems.meetingId })
      .from(primaryItems)
      .where(
        and(
          eq(primaryItems.workspaceId, workspaceId),
          inArray(primaryItems.meetingId, ids),
          isNull(primaryItems.deletedAt),
        ),
      ),
    db
      .selectDistinct({ id: tasks.meetingId })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.meetingId, ids), isNull(tasks.deletedAt))),
  ]);
  return new Set([...items, ...actions].map((row) => row.id).filter((id): id is string => id !== null));
}

/** The next live occurrence of the series after this one. */
export async function findNextOccurrence(db: DbOrTx, row: MeetingRow): Promise<MeetingRow | null> {
  const [next] = await db
    .select()
    .from(meetings)
    .where(
      and(
        eq(meetings.workspaceId, row.workspaceId),
        eq(meetings.periodicSeriesId, row.periodicSeriesId!),
        isNull(meetings.deletedAt),
        gt(meetings.startsAt, row.startsAt),
      ),
    )
    .orderBy(asc(meetings.startsAt))
    .limit(1);
  return next ?? null;
}
