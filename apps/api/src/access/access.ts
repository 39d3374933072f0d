import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";
import type { DbOrTx } from "../db/client.ts";
import type { AppError } from "../lib/app-error.ts";
import {
  findMeetingAudience,
  findMeetingPeople,
  findVisibleMeetingIds,
  findVisibleProjectIds,
  findVisibleTaskIds,
  type ItemParent,
  type MeetingViewer,
  type ProjectVisibility,
  reachableGroups,
  staffInGroups,
  type TaskViewer,
} from "./access.repository.ts";

/**
 * Who may see what, in one place (ARCHITECTURE.md "The floors"; immich's `utils/access.ts` is the model): the
 * viewers a member is under each rule, and `checkAccess` / `requireAccess` over the one access repository.
 * Every read of tasks, items, meetings and projects by id — opening one, copying a tree, carrying an agenda
 * over, listing a series, naming a meeting in a warning — asks here, and so does the reach of analytics' scopes.
 */

/** What the rules read of a member: their staff id, role and permissions in one workspace. */
export interface AccessMember {
  id: string;
  workspaceId: string;
  role: Role;
  permissions: Permission[];
}

/** Permissions that open every project of the workspace to the eye (as on the project pages). */
const seeAllProjects: Permission[] = ["manage_projects", "view_all_tasks"];

export const canSeeAllProjects = (member: Pick<AccessMember, "permissions">) =>
  seeAllProjects.some((p) => member.permissions.includes(p));

/** The task rule's viewer of a member (decision 0006). */
export function taskViewerOf(member: Pick<AccessMember, "id" | "role" | "permissions">): TaskViewer {
  if (member.permissions.includes("view_all_tasks")) return { kind: "all" };
  return member.role === "guest" ? { kind: "guest", staffId: member.id } : { kind: "member", staffId: member.id };
}

/** The meeting rule's viewer of a member (decision 0015): manage_meetings sees every meeting. */
export function meetingViewerOf(member: Pick<AccessMember, "id" | "role" | "permissions">): MeetingViewer {
  if (member.permissions.includes("manage_meetings")) return { kind: "all" };
  if (member.role === "guest") return { kind: "guest", staffId: member.id };
  return { kind: "staff", staffId: member.id, allProjects: canSeeAllProjects(member) };
}

/** The project rule's viewer of a member: null for one who sees every project. */
export const projectViewerOf = (member: Pick<AccessMember, "id" | "permissions">): ProjectVisibility =>
  canSeeAllProjects(member) ? null : member.id;

/** The kinds of rows the rules decide; items follow their parent (a project or a meeting). */
export type AccessResource = "task" | "meeting" | "project";

/** The ids among these (of the member's workspace) that the member may see, in one query. */
export function checkAccess(
  db: DbOrTx,
  member: AccessMember,
  resource: AccessResource,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  switch (resource) {
    case "task":
      return findVisibleTaskIds(db, member.workspaceId, unique, taskViewerOf(member));
    case "meeting":
      return findVisibleMeetingIds(db, member.workspaceId, unique, meetingViewerOf(member));
    case "project":
      return findVisibleProjectIds(db, member.workspaceId, unique, projectViewerOf(member));
  }
}

/**
 * Every id must be one the member may see; otherwise the given 404 for the whole call, the same as for an
 * unknown id or another workspace's, so that nothing tells a hidden row from a missing one.
 */
export async function requireAccess(
  db: DbOrTx,
  member: AccessMember,
  access: { resource: AccessResource; ids: Iterable<string> },
  notFoundError: () => AppError,
): Promise<void> {
  const unique = new Set(access.ids);
  if (!unique.size) return;
  const seen = await checkAccess(db, member, access.resource, unique);
  if (seen.size !== unique.size) throw notFoundError();
}

/**
 * Rows copied from one meeting into another (the carry-over of an agenda) become visible to the target's
 * audience: allowed only when everyone who may see `to` may see `from` as well. Judged on what decides a
 * meeting's audience: `to`'s group and project are `from`'s (or none), and each of `to`'s people (organiser,
 * participants) sees `from` even as the narrowest viewer their role allows (permissions only widen).
 */
export async function meetingAudienceWithin(
  db: DbOrTx,
  workspaceId: string,
  to: { id: string; groupId: string | null; projectId: string | null },
  from: { id: string; groupId: string | null; projectId: string | null },
): Promise<boolean> {
  if (to.groupId !== null && to.groupId !== from.groupId) return false;
  if (to.projectId !== null && to.projectId !== from.projectId) return false;
  const people = (await findMeetingPeople(db, workspaceId, [to.id])).get(to.id) ?? [];
  const viewers = people.map((person) => ({ ...person, allProjects: false }));
  const seen = await findMeetingAudience(db, workspaceId, viewers, [from.id]);
  return viewers.every((viewer) => seen.has(`${viewer.staffId}:${from.id}`));
}

/** Where a row of the work breakdown hangs: a project or a meeting (exactly one for items; either or none for tasks). */
export type { ItemParent };

/**
 * Items have no rule of their own: they follow their parent (and so does every way of placing a row under a
 * project or meeting). A project's items follow the project rule (its group's members, its manager and members,
 * manage_projects or view_all_tasks), a meeting's agenda the meeting rule. Any parent the caller may not
 * see, or of another workspace, answers the given 404 for the whole call. Two queries whatever the count.
 */
export async function requireParentsVisible(
  db: DbOrTx,
  member: AccessMember,
  parents: Iterable<ItemParent>,
  notFoundError: () => AppError,
): Promise<void> {
  if (!(await parentsVisible(db, member, parents))) throw notFoundError();
}

/** Whether the caller sees every one of these parents (the same two queries, answered as a yes or no). */
export async function parentsVisible(
  db: DbOrTx,
  member: AccessMember,
  parents: Iterable<ItemParent>,
): Promise<boolean> {
  const projectIds = new Set<string>();
  const meetingIds = new Set<string>();
  for (const parent of parents) {
    if (parent.projectId) projectIds.add(parent.projectId);
    if (parent.meetingId) meetingIds.add(parent.meetingId);
  }
  // One after the other: inside a transaction both go through the same connection.
  const projects = await checkAccess(db, member, "project", projectIds);
  const meetings = await checkAccess(db, member, "meeting", meetingIds);
  return projects.size === projectIds.size && meetings.size === meetingIds.size;
}

/** Projects only (the project's own lists: its tasks, its items). */
export async function requireProjectsVisible(
  db: DbOrTx,
  member: AccessMember,
  projectIds: Iterable<string>,
  notFoundError: () => AppError,
): Promise<void> {
  await requireAccess(db, member, { resource: "project", ids: projectIds }, notFoundError);
}

/**
 * Analytics (decision 0016): the matrix's three switches of who may analyse at all. A role with none of them
 * reaches nothing, whatever it leads.
 */
export interface AnalyticsRights {
  workspace: boolean;
  group: boolean;
  person: boolean;
}

export const analyticsRightsOf = (member: Pick<AccessMember, "permissions">): AnalyticsRights => ({
  workspace: member.permissions.includes("view_analytics_workspace"),
  group: member.permissions.includes("view_analytics_group"),
  person: member.permissions.includes("view_analytics_person"),
});

/**
 * The groups the member reaches below the workspace for analytics: with view_analytics_group those they belong to,
 * and for anyone whose role may see analytics at all the groups they lead (a 課長 of role member analyses her 課),
 * each with the groups below it; view_analytics_workspace every group.
 */
export function analyticsGroupsOf(
  db: DbOrTx,
  member: AccessMember,
): Promise<{ id: string; name: string; parent_id: string | null }[]> {
  const rights = analyticsRightsOf(member);
  if (rights.workspace) return reachableGroups(db, member.workspaceId, null);
  if (!rights.group && !rights.person) return Promise.resolve([]);
  return reachableGroups(db, member.workspaceId, { id: member.id, memberships: rights.group });
}

/**
 * The projects the member may pick as an analytics scope: every one (null) with view_analytics_workspace, those
 * the project rule opens by the member's own places (not manage_projects' sight of every project) with
 * view_analytics_group, none (undefined) otherwise. A project the member manages is reachable besides.
 */
export function analyticsProjectsOf(member: Pick<AccessMember, "id" | "permissions">): ProjectVisibility | undefined {
  const rights = analyticsRightsOf(member);
  return rights.workspace ? null : rights.group ? member.id : undefined;
}

/** A scope of analytics below the workspace, as far as its reach is concerned. */
export type AnalyticsReach =
  | { kind: "group"; groupId: string }
  | { kind: "project"; projectId: string; managerId: string | null }
  | { kind: "person"; staffId: string };

/**
 * Whether the member may analyse this scope: a group in reach (analyticsGroupsOf), a project they manage or
 * that analyticsProjectsOf opens, themselves, or a person in one of the groups in reach. The caller answers a
 * scope out of reach as a missing one (404), so analytics never confirms what exists elsewhere.
 */
export async function mayAnalyse(db: DbOrTx, member: AccessMember, scope: AnalyticsReach): Promise<boolean> {
  if (analyticsRightsOf(member).workspace) return true;
  const groupIds = async () => (await analyticsGroupsOf(db, member)).map((group) => group.id);
  switch (scope.kind) {
    case "group":
      return (await groupIds()).includes(scope.groupId);
    case "project": {
      if (scope.managerId === member.id) return true;
      const projects = analyticsProjectsOf(member);
      if (projects === undefined) return false;
      return (await findVisibleProjectIds(db, member.workspaceId, [scope.projectId], projects)).has(scope.projectId);
    }
    case "person":
      return (
        scope.staffId === member.id || (await staffInGroups(db, member.workspaceId, scope.staffId, await groupIds()))
      );
  }
}
