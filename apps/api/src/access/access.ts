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
  type MeetingViewer,
  type ProjectVisibility,
  type TaskViewer,
} from "./access.repository.ts";

/**
 * Who may see what, in one place (ARCHITECTURE.md "The floors"; immich's `utils/access.ts` is the model): the
 * viewers a member is under each rule, and `checkAccess` / `requireAccess` over the one access repository.
 * Every read of tasks, items, meetings and projects by id — opening one, copying a tree, carrying an agenda
 * over, listing a series, naming a meeting in a warning — asks here.
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
