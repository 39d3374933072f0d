import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type MeetingViewer, meetingVisibleTo, type TaskViewer } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { rowsOf, type ScopeFilter, scopedTasks, subtreeOf } from "./analytics.repository.ts";

/** A person takes part in a meeting as its organiser or one of its participants. */
const takesPart = (staffId: string) =>
  sql`(${meetings.organizerId} = ${staffId} or ${meetings.id} in (
      select meeting_id from meeting_participants where workspace_user_id = ${staffId}))`;

/**
 * The live meetings of a scope that the viewer may see (the meeting rule, access/access.repository.ts), as a condition on
 * `meetings`: a group's (with its sub-groups), a project's, or those a person organises or takes part in.
 */
function scopedMeetings(db: DbOrTx, workspaceId: string, scope: ScopeFilter, viewer: MeetingViewer): SQL {
  const byScope =
    scope.kind === "group"
      ? sql`${meetings.groupId} in ${subtreeOf(workspaceId, scope.groupId)}`
      : scope.kind === "project"
        ? eq(meetings.projectId, scope.projectId)
        : scope.kind === "workspace"
          ? undefined
          : takesPart(scope.staffId);
  return and(
    eq(meetings.workspaceId, workspaceId),
    isNull(meetings.deletedAt),
    byScope,
    meetingVisibleTo(db, workspaceId, viewer),
  )!;
}

export interface MeetingTypeRow {
  type: "regular" | "one_on_one" | "project" | "other";
  meetings: number;
  seconds: number;
  person_seconds: number;
}

/** Meetings that started in [start, until) per type: their number, length and length times their people. */
export async function meetingsHeld(
  db: DbOrTx,
  workspaceId: string,
  scope: ScopeFilter,
  viewer: MeetingViewer,
  start: Date,
  until: Date,
): Promise<MeetingTypeRow[]> {
  return rowsOf<MeetingTypeRow>(
    db,
    sql`select ${meetings.meetingType} as type, count(*)::int as meetings,
      coalesce(sum(extract(epoch from ${meetings.endsAt} - ${meetings.startsAt})), 0)::float8 as seconds,
      coalesce(sum(extract(epoch from ${meetings.endsAt} - ${meetings.startsAt}) * (
        select count(*) from (
          select ${meetings.organizerId} as id where ${meetings.organizerId} is not null
          union select p.workspace_user_id from meeting_participants p where p.meeting_id = ${meetings.id}
        ) people)), 0)::float8 as person_seconds
    from ${meetings}
    where ${scopedMeetings(db, workspaceId, scope, viewer)}
      and ${meetings.startsAt} >= ${start} and ${meetings.startsAt} < ${until}
    group by 1`,
  );
}

export interface OneOnOneRow {
  staff_id: string;
  count: number;
  last_at: Date | string | null;
  people: number;
  covered: number;
}

/**
 * The scope's people and their 1on1s the viewer may see (started by `now`): how many since `since`, and the
 * latest. A manager's people are the assignees of the tasks they manage that the viewer may see, and only 1on1s
 * the manager takes part in count; others count any 1on1 of the person. People without one come first.
 */
export async function oneOnOneCoverage(
  db: DbOrTx,
  workspaceId: string,
  scope: ScopeFilter,
  viewers: { tasks: TaskViewer; meetings: MeetingViewer },
  since: Date,
  now: Date,
  limit: number,
): Promise<OneOnOneRow[]> {
  const activeStaff = sql`select id from workspace_users
    where workspace_id = ${workspaceId} and deleted_at is null and status = 'active'`;
  const people = {
    workspace: sql`${activeStaff} and role <> 'guest'`,
    group: sql`select distinct m.workspace_user_id from group_members m
      where m.workspace_id = ${workspaceId} and m.group_id in ${scope.kind === "group" ? subtreeOf(workspaceId, scope.groupId) : sql`(null)`}
        and m.workspace_user_id in (${activeStaff})`,
    project: sql`select distinct tasks.assignee_id from tasks
      where ${scopedTasks(db, workspaceId, scope, viewers.tasks)} and tasks.assignee_id in (${activeStaff})`,
    management: sql`select distinct tasks.assignee_id from tasks
      where ${scopedTasks(db, workspaceId, scope, viewers.tasks)} and tasks.assignee_id in (${activeStaff})
        and tasks.assignee_id <> ${scope.kind === "management" ? scope.staffId : null}`,
    workspace_user: sql`${activeStaff} and id = ${scope.kind === "workspace_user" ? scope.staffId : null}`,
  }[scope.kind];
  const withManager = scope.kind === "management" ? sql`and ${takesPart(scope.staffId)}` : sql``;
  return rowsOf<OneOnOneRow>(
    db,
    sql`with people(id) as (${people}),
    ones as (
      select ${meetings.id} as id, ${meetings.startsAt} as starts_at, ${meetings.organizerId} as organizer_id
      from ${meetings}
      where ${and(
        eq(meetings.workspaceId, workspaceId),
        isNull(meetings.deletedAt),
        eq(meetings.meetingType, "one_on_one"),
        meetingVisibleTo(db, workspaceId, viewers.meetings),
      )} and ${meetings.startsAt} <= ${now} ${withManager}
    ),
    attended as (
      select id as meeting_id, organizer_id as staff_id, starts_at from ones where organizer_id is not null
      union
      select ones.id, p.workspace_user_id, ones.starts_at from ones join meeting_participants p on p.meeting_id = ones.id
    ),
    per_person as (
      select people.id as staff_id,
        count(a.meeting_id) filter (where a.starts_at >= ${since})::int as count,
        max(a.starts_at) as last_at
      from people left join attended a on a.staff_id = people.id
      group by people.id
    )
    select staff_id, count, last_at,
      (count(*) over ())::int as people,
      (count(*) filter (where count > 0) over ())::int as covered
    from per_person
    order by count > 0, last_at nulls first, staff_id
    limit ${limit}`,
  );
}
