import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { DbOrTx } from "../../db/client.ts";
import { AppError, forbidden } from "../../lib/app-error.ts";
import { type Membership, requireMember } from "../../plugins/workspace-scope.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { findProject } from "../project/project.repository.ts";

/** Permissions that open every project of the workspace to the eye (as on the project pages). */
const seeAll: Permission[] = ["manage_projects", "view_all_tasks"];

export const canSeeAllProjects = (member: Pick<Membership, "permissions">) =>
  seeAll.some((p) => member.permissions.includes(p));

/**
 * The caller's membership of a workspace, with "not a member" answered as the given 404, so that an id of
 * another workspace reveals nothing.
 */
export async function memberOr404(
  db: DbOrTx,
  auth: RequestAuth,
  workspaceId: string,
  notFoundError: () => AppError,
): Promise<Membership> {
  return requireMember(db, auth, workspaceId).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? notFoundError() : error;
  });
}

/**
 * Items follow the sight of their project: who may see the project (its group's members, its manager and
 * members, everyone with manage_projects or view_all_tasks) sees its items. Throws the given 404 otherwise.
 */
export async function requireProjectsVisible(
  db: DbOrTx,
  member: Membership,
  projectIds: Iterable<string>,
  notFoundError: () => AppError,
): Promise<void> {
  const visibility = canSeeAllProjects(member) ? null : member.id;
  for (const projectId of new Set(projectIds)) {
    // One query per distinct project, never per row: a bulk call names a handful of projects at most.
    const project = await findProject(db, member.workspaceId, projectId, visibility);
    if (!project) throw notFoundError();
  }
}

/** Writing items: create_tasks (members by default) or manage_projects. Guests only read. */
export function requireItemWriter(member: Membership): void {
  if (!member.permissions.includes("create_tasks") && !member.permissions.includes("manage_projects")) {
    throw forbidden("permission create_tasks or manage_projects is required");
  }
}

export const itemInTrash = () =>
  new AppError(
    "item_in_trash",
    409,
    "この項目はゴミ箱にあります。元に戻してから操作してください。",
    "the item is in the trash; restore it first",
  );

export const projectNotFound = () =>
  new AppError("project_not_found", 404, "指定されたプロジェクトが見つかりません。", "project_id is not visible");
