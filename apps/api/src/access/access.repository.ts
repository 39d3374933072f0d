import { and, eq, inArray, isNotNull, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { meetingParticipants, meetings } from "../db/schema/meetings.ts";
import { primaryItems, secondaryItems, tasks } from "../db/schema/tasks.ts";
import { groupMembers, groups, projectMembers, projects, workspaceUsers } from "../db/schema/workspaces.ts";

/**
 * The one place of the visibility rules (issue 24 item 2): who sees which projects, meetings and tasks, as SQL
 * conditions and as the queries every read, list, copy, carry-over and warning asks. Items follow their parent
 * (a project or a meeting); analytics reaches the groups, projects and people of its scopes. Modules read through
 * `access.ts`; realtime and the list queries take the conditions.
 * docs/decisions/0006 (tasks, items), 0015 (meetings), 0016 (analytics).
 */

/** A staff id as a value, or as an expression (realtime asks for many staff members in one query). */
export type StaffIdExpr = string | SQL;

/**
 * Who sees which tasks: `all` (view_all_tasks), a guest (only tasks assigned to them or that they manage),
 * or a staff member, who sees their own, their groups', public ones and those of projects and meetings they see.
 */
export type TaskViewer = { kind: "all" } | { kind: "guest"; staffId: string } | { kind: "member"; staffId: string };

/**
 * Who sees which meetings: `all` (manage_meetings); a guest, who sees the meetings they organise or take part in;
 * or a staff member, who also sees those of their groups and of the projects they see (`allProjects`:
 * manage_projects / view_all_tasks see every project, so every project meeting).
 */
export type MeetingViewer =
  | { kind: "all" }
  | { kind: "guest"; staffId: StaffIdExpr }
  | { kind: "staff"; staffId: StaffIdExpr; allProjects: boolean };

/** Who sees which projects: `null` for everyone's (manage_projects / view_all_tasks), otherwise a staff id. */
export type ProjectVisibility = string | null;

/**
 * The live groups a staff member belongs to (a group in the trash no longer opens its projects and tasks to
 * its members).
 */
export function memberGroupIds(db: DbOrTx, workspaceId: string, staffId: StaffIdExpr) {
  return db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        eq(groupMembers.workspaceUserId, staffId),
        isNull(groups.deletedAt),
      ),
    );
}

/** The project rule, as a condition on `projects`: its group's members, its manager and its members. */
export function projectVisibleTo(db: DbOrTx, workspaceId: string, staffId: StaffIdExpr): SQL {
  const myProjects = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.workspaceId, workspaceId), eq(projectMembers.workspaceUserId, staffId)));
  return or(
    inArray(projects.groupId, memberGroupIds(db, workspaceId, staffId)),
    eq(projects.managerId, staffId),
    inArray(projects.id, myProjects),
  )!;
}

/** The projects a staff member sees by the project rule, as a subquery. */
export function visibleProjectIds(db: DbOrTx, workspaceId: string, staffId: StaffIdExpr) {
  return db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), projectVisibleTo(db, workspaceId, staffId)));
}

/** The meeting rule as a condition on `meetings`; undefined when the viewer sees all of them. */
export function meetingVisibleTo(db: DbOrTx, workspaceId: string, viewer: MeetingViewer): SQL | undefined {
  if (viewer.kind === "all") return undefined;
  const mine = db
    .select({ id: meetingParticipants.meetingId })
    .from(meetingParticipants)
    .where(
      and(eq(meetingParticipants.workspaceId, workspaceId), eq(meetingParticipants.workspaceUserId, viewer.staffId)),
    );
  const takesPart = or(eq(meetings.organizerId, viewer.staffId), inArray(meetings.id, mine));
  // Guests are people from outside the company: only the meetings they are in (decision 0015).
  if (viewer.kind === "guest") return takesPart;
  return or(
    takesPart,
    inArray(meetings.groupId, memberGroupIds(db, workspaceId, viewer.staffId)),
    viewer.allProjects
      ? isNotNull(meetings.projectId)
      : inArray(meetings.projectId, visibleProjectIds(db, workspaceId, viewer.staffId)),
  );
}

/** The subquery of the meeting ids a viewer sees (for the task rule: a meeting's action items follow it). */
export function visibleMeetingIds(db: DbOrTx, workspaceId: string, viewer: MeetingViewer) {
  return db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), meetingVisibleTo(db, workspaceId, viewer)));
}

/** The columns the task rule reads: the tasks table's, or the same references given as values. */
export type TaskAudienceColumns = Record<
  "assigneeId" | "managerId" | "createdBy" | "isPublic" | "groupId" | "projectId" | "meetingId",
  SQLWrapper
>;

/** The task rule as a condition on `tasks` (or on the same columns given as values); undefined for `all`. */
export function taskVisibleTo(
  db: DbOrTx,
  workspaceId: string,
  viewer: TaskViewer | { kind: "guest" | "member"; staffId: StaffIdExpr },
  t: TaskAudienceColumns = tasks,
): SQL | undefined {
  if (viewer.kind === "all") return undefined;
  const own = or(eq(t.assigneeId, viewer.staffId), eq(t.managerId, viewer.staffId));
  if (viewer.kind === "guest") return own;
  return or(
    own,
    eq(t.createdBy, viewer.staffId),
    eq(t.isPublic, true),
    inArray(t.groupId, memberGroupIds(db, workspaceId, viewer.staffId)),
    inArray(t.projectId, visibleProjectIds(db, workspaceId, viewer.staffId)),
    // A meeting's action items are seen by those who see the meeting.
    inArray(
      t.meetingId,
      visibleMeetingIds(db, workspaceId, { kind: "staff", staffId: viewer.staffId, allProjects: false }),
    ),
  );
}

/** Which of these projects the staff member may see (`null`: one who sees every project). */
export async function findVisibleProjectIds(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  staffId: ProjectVisibility,
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        inArray(projects.id, ids),
        staffId === null ? undefined : projectVisibleTo(db, workspaceId, staffId),
      ),
    );
  return new Set(rows.map((row) => row.id));
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

/** The tasks among these ids (live or in the trash) that the viewer may see, in one query. */
export async function findVisibleTaskIds(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  viewer: TaskViewer,
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids), taskVisibleTo(db, workspaceId, viewer)));
  return new Set(rows.map((row) => row.id));
}

const staffUnnest = (staffIds: string[]) => sql`unnest(${`{${staffIds.join(",")}}`}::uuid[]) as v(staff_id)`;

/**
 * Which of these staff members (none who sees every project) may see which of these projects, by the project
 * rule: `staffId:projectId` pairs, in one query whatever the numbers.
 */
export async function findProjectAudience(
  db: DbOrTx,
  workspaceId: string,
  staffIds: string[],
  projectIds: string[],
): Promise<Set<string>> {
  if (!staffIds.length || !projectIds.length) return new Set();
  const rows = await db
    .select({ staffId: sql<string>`v.staff_id::text`, projectId: projects.id })
    .from(projects)
    .innerJoin(staffUnnest(staffIds), sql`true`)
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        inArray(projects.id, projectIds),
        projectVisibleTo(db, workspaceId, sql`v.staff_id`),
      ),
    );
  return new Set(rows.map((row) => `${row.staffId}:${row.projectId}`));
}

/** A meeting viewer that is not `all`, for an audience question. */
export interface MeetingAudienceViewer {
  staffId: string;
  guest: boolean;
  allProjects: boolean;
}

/**
 * Which of these staff members may see which of these meetings, by the meeting rule: `staffId:meetingId` pairs,
 * in one query per kind of viewer (realtime evaluates all its listeners at once).
 */
export async function findMeetingAudience(
  db: DbOrTx,
  workspaceId: string,
  viewers: MeetingAudienceViewer[],
  meetingIds: string[],
): Promise<Set<string>> {
  const pairs = new Set<string>();
  if (!viewers.length || !meetingIds.length) return pairs;
  const kinds = [
    { guest: true, allProjects: false },
    { guest: false, allProjects: false },
    { guest: false, allProjects: true },
  ];
  for (const kind of kinds) {
    const staffIds = viewers
      .filter((viewer) => viewer.guest === kind.guest && (kind.guest || viewer.allProjects === kind.allProjects))
      .map((viewer) => viewer.staffId);
    if (!staffIds.length) continue;
    const staffId = sql`v.staff_id`;
    const viewer: MeetingViewer = kind.guest
      ? { kind: "guest", staffId }
      : { kind: "staff", staffId, allProjects: kind.allProjects };
    const rows = await db
      .select({ staffId: sql<string>`v.staff_id::text`, meetingId: meetings.id })
      .from(meetings)
      .innerJoin(staffUnnest(staffIds), sql`true`)
      .where(
        and(
          eq(meetings.workspaceId, workspaceId),
          inArray(meetings.id, meetingIds),
          meetingVisibleTo(db, workspaceId, viewer),
        ),
      );
    for (const row of rows) pairs.add(`${row.staffId}:${row.meetingId}`);
  }
  return pairs;
}

/** A task's references that decide who sees it, as they were before a change. */
export interface TaskAudienceRefs {
  id: string;
  assigneeId: string | null;
  managerId: string | null;
  createdBy: string | null;
  groupId: string | null;
  projectId: string | null;
  isPublic: boolean;
  meetingId: string | null;
}

/**
 * Which of these staff members (none with view_all_tasks: they see everything) may see which of these tasks,
 * by the task rule: the tasks named by `ids` as they are now, and those of `before` as they were (realtime tells
 * a task's former audience that it left them). Answers `staffId:taskId` pairs, in at most four queries whatever
 * the numbers of staff and tasks.
 */
export async function findTaskAudience(
  db: DbOrTx,
  workspaceId: string,
  viewers: { kind: "guest" | "member"; staffId: string }[],
  ids: string[],
  before: TaskAudienceRefs[],
): Promise<Set<string>> {
  const pairs = new Set<string>();
  const staff = sql`v.staff_id`;
  for (const kind of ["member", "guest"] as const) {
    const staffIds = viewers.filter((viewer) => viewer.kind === kind).map((viewer) => viewer.staffId);
    if (!staffIds.length) continue;
    const audience = staffUnnest(staffIds);
    if (ids.length) {
      const rows = await db
        .select({ staffId: sql<string>`v.staff_id::text`, taskId: tasks.id })
        .from(tasks)
        .innerJoin(audience, sql`true`)
        .where(
          and(
            eq(tasks.workspaceId, workspaceId),
            inArray(tasks.id, ids),
            taskVisibleTo(db, workspaceId, { kind, staffId: staff }),
          ),
        );
      for (const row of rows) pairs.add(`${row.staffId}:${row.taskId}`);
    }
    if (before.length) {
      const values = sql.join(
        before.map(
          (ref) =>
            sql`(${ref.id}::uuid, ${ref.assigneeId}::uuid, ${ref.managerId}::uuid, ${ref.createdBy}::uuid, ${ref.groupId}::uuid, ${ref.projectId}::uuid, ${ref.isPublic}::boolean, ${ref.meetingId}::uuid)`,
        ),
        sql`, `,
      );
      const old = {
        assigneeId: sql`b.assignee_id`,
        managerId: sql`b.manager_id`,
        createdBy: sql`b.created_by`,
        isPublic: sql`b.is_public`,
        groupId: sql`b.group_id`,
        projectId: sql`b.project_id`,
        // The meeting the task was in (migration 0013): that meeting's viewers hear that it left.
        meetingId: sql`b.meeting_id`,
      };
      const rows = await db
        .select({ staffId: sql<string>`v.staff_id::text`, taskId: sql<string>`b.id::text` })
        .from(
          sql`(values ${values}) as b(id, assignee_id, manager_id, created_by, group_id, project_id, is_public, meeting_id)`,
        )
        .innerJoin(audience, sql`true`)
        .where(taskVisibleTo(db, workspaceId, { kind, staffId: staff }, old));
      for (const row of rows) pairs.add(`${row.staffId}:${row.taskId}`);
    }
  }
  return pairs;
}

/**
 * The people of these meetings (organiser and participants) with whether each is a guest, in one query: the
 * narrowest meeting viewer each of them can be (a carry-over asks whether they all see another occurrence).
 */
export async function findMeetingPeople(
  db: DbOrTx,
  workspaceId: string,
  meetingIds: string[],
): Promise<Map<string, { staffId: string; guest: boolean }[]>> {
  const result = new Map<string, { staffId: string; guest: boolean }[]>(meetingIds.map((id) => [id, []]));
  if (!meetingIds.length) return result;
  const people = sql`(
    select ${meetings.id} as meeting_id, ${meetings.organizerId} as staff_id from ${meetings}
      where ${meetings.workspaceId} = ${workspaceId} and ${inArray(meetings.id, meetingIds)}
        and ${meetings.organizerId} is not null
    union
    select ${meetingParticipants.meetingId}, ${meetingParticipants.workspaceUserId} from ${meetingParticipants}
      where ${meetingParticipants.workspaceId} = ${workspaceId} and ${inArray(meetingParticipants.meetingId, meetingIds)}
  ) as p`;
  const rows = await db
    .select({
      meetingId: sql<string>`p.meeting_id::text`,
      staffId: workspaceUsers.id,
      guest: sql<boolean>`${workspaceUsers.role} = 'guest'`,
    })
    .from(people)
    .innerJoin(workspaceUsers, sql`${workspaceUsers.id} = p.staff_id`)
    .where(eq(workspaceUsers.workspaceId, workspaceId));
  for (const row of rows) result.get(row.meetingId)?.push({ staffId: row.staffId, guest: row.guest });
  return result;
}

/** The parent (a project or a meeting) of each item: items follow their parent's rule. */
export type ItemParent = { projectId: string | null; meetingId: string | null };

/**
 * The parents of these items of either level (in the trash or not), by item id; an item deleted for good is
 * absent. Realtime judges a changed item by its parent's audience.
 */
export async function findItemParents(
  db: DbOrTx,
  workspaceId: string,
  ids: { primary: string[]; secondary: string[] },
): Promise<Map<string, ItemParent>> {
  const parentsOf = (table: typeof primaryItems | typeof secondaryItems, itemIds: string[]) =>
    itemIds.length
      ? db
          .select({ id: table.id, projectId: table.projectId, meetingId: table.meetingId })
          .from(table)
          .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, itemIds)))
      : Promise.resolve([]);
  const rows = [...(await parentsOf(primaryItems, ids.primary)), ...(await parentsOf(secondaryItems, ids.secondary))];
  return new Map(rows.map((row) => [row.id, { projectId: row.projectId, meetingId: row.meetingId }]));
}

/**
 * The groups a staff member reaches for group analytics: the groups they lead, and with `memberships` those they
 * belong to, and every live group below them (a department head sees the sections of their department). Without a
 * staff member: every live group.
 */
export async function reachableGroups(
  db: DbOrTx,
  workspaceId: string,
  staff: { id: string; memberships: boolean } | null,
): Promise<{ id: string; name: string; parent_id: string | null }[]> {
  const led = (staffId: string) =>
    sql`select id from groups where workspace_id = ${workspaceId} and leader_id = ${staffId} and deleted_at is null`;
  const seeds = !staff
    ? sql`select id from groups where workspace_id = ${workspaceId} and parent_id is null and deleted_at is null`
    : staff.memberships
      ? sql`select g.id from groups g join group_members m on m.group_id = g.id
            where m.workspace_id = ${workspaceId} and m.workspace_user_id = ${staff.id} and g.deleted_at is null
            union ${led(staff.id)}`
      : led(staff.id);
  const result = await db.execute(
    sql`with recursive reach(id) as (
        ${seeds}
        union
        select g.id from groups g join reach on g.parent_id = reach.id where g.workspace_id = ${workspaceId} and g.deleted_at is null
      )
      select g.id, g.name, g.parent_id from groups g join reach on reach.id = g.id
      order by g.position, g.id`,
  );
  return (result as unknown as { rows: { id: string; name: string; parent_id: string | null }[] }).rows;
}

/** Whether a staff member belongs to one of these groups. */
export async function staffInGroups(db: DbOrTx, workspaceId: string, staffId: string, groupIds: string[]) {
  if (!groupIds.length) return false;
  const [row] = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        eq(groupMembers.workspaceUserId, staffId),
        inArray(groupMembers.groupId, groupIds),
      ),
    )
    .limit(1);
  return Boolean(row);
}
