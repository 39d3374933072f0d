import { and, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { meetingParticipants, meetings } from "../../db/schema/meetings.ts";
import { projects } from "../../db/schema/workspaces.ts";
import { memberGroupIds, projectVisibleTo } from "../project/project.repository.ts";

/**
 * Who sees which meetings (docs/decisions/0015): `all` (manage_meetings), or a staff member, who sees the
 * meetings they organise or take part in, those of their groups, and those of the projects they see
 * (`allProjects`: manage_projects / view_all_tasks see every project, so every project meeting).
 */
export type MeetingViewer = { kind: "all" } | { kind: "staff"; staffId: string | SQL; allProjects: boolean };

/** The meeting rule as a condition on `meetings`; undefined when the viewer sees all of them. */
export function meetingVisibleTo(db: DbOrTx, workspaceId: string, viewer: MeetingViewer): SQL | undefined {
  if (viewer.kind === "all") return undefined;
  const mine = db
    .select({ id: meetingParticipants.meetingId })
    .from(meetingParticipants)
    .where(
      and(eq(meetingParticipants.workspaceId, workspaceId), eq(meetingParticipants.workspaceUserId, viewer.staffId)),
    );
  const seenProjects = db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), projectVisibleTo(db, workspaceId, viewer.staffId)));
  return or(
    eq(meetings.organizerId, viewer.staffId),
    inArray(meetings.id, mine),
    inArray(meetings.groupId, memberGroupIds(db, workspaceId, viewer.staffId)),
    viewer.allProjects ? isNotNull(meetings.projectId) : inArray(meetings.projectId, seenProjects),
  );
}

/** The meetings among these ids (live or in the trash) that the viewer may see, in one query. */
export async function findVisibleMeetingIds(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  viewer: MeetingViewer,
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(eq(meetings.workspaceId, workspaceId), inArray(meetings.id, ids), meetingVisibleTo(db, workspaceId, viewer)),
    );
  return new Set(rows.map((row) => row.id));
}

/** The subquery of the meeting ids a viewer sees (for the task rule: a meeting's action items follow it). */
export function visibleMeetingIds(db: DbOrTx, workspaceId: string, viewer: MeetingViewer) {
  return db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), meetingVisibleTo(db, workspaceId, viewer)));
}

/**
 * Which of these staff members may see which of these meetings, by the meeting rule: `staffId:meetingId`
 * pairs, in one query per kind of viewer (realtime evaluates all its listeners at once).
 */
export async function findMeetingAudience(
  db: DbOrTx,
  workspaceId: string,
  viewers: { staffId: string; allProjects: boolean }[],
  meetingIds: string[],
): Promise<Set<string>> {
  const pairs = new Set<string>();
  if (!viewers.length || !meetingIds.length) return pairs;
  for (const allProjects of [false, true]) {
    const staffIds = viewers.filter((viewer) => viewer.allProjects === allProjects).map((viewer) => viewer.staffId);
    if (!staffIds.length) continue;
    const rows = await db
      .select({ staffId: sql<string>`v.staff_id::text`, meetingId: meetings.id })
      .from(meetings)
      .innerJoin(sql`unnest(${`{${staffIds.join(",")}}`}::uuid[]) as v(staff_id)`, sql`true`)
      .where(
        and(
          eq(meetings.workspaceId, workspaceId),
          inArray(meetings.id, meetingIds),
          meetingVisibleTo(db, workspaceId, { kind: "staff", staffId: sql`v.staff_id`, allProjects }),
        ),
      );
    for (const row of rows) pairs.add(`${row.staffId}:${row.meetingId}`);
  }
  return pairs;
}
