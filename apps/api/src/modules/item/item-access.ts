import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { ItemParent } from "../../access/access.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, badRequest, forbidden } from "../../lib/app-error.ts";
import { findTrashedParentIds } from "./item.repository.ts";

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
 * Writing items: create_tasks (members by default) or manage_projects; on a meeting's agenda also those who
 * may hold meetings (create_meetings, manage_meetings). Guests only read.
 */
export function requireItemWriter(member: Membership, parent?: ItemParent): void {
  const writers: Permission[] = ["create_tasks", "manage_projects"];
  if (parent?.meetingId) writers.push("create_meetings", "manage_meetings");
  if (!writers.some((p) => member.permissions.includes(p))) {
    throw forbidden("permission create_tasks or manage_projects (on a meeting: create_meetings) is required");
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

export const meetingNotFound = () =>
  new AppError("meeting_not_found", 404, "指定された会議が見つかりません。", "meeting_id is not visible");

export const parentInTrash = (kind: "project" | "meeting") =>
  badRequest(
    "parent_in_trash",
    `この${kind === "project" ? "プロジェクト" : "会議"}はゴミ箱にあります。元に戻してから追加・移動してください。`,
    `the ${kind} is in the trash; restore it before placing anything under it`,
  );

/**
 * The other half of the placement rule: a parent the caller sees may still be in the trash, and nothing is created,
 * moved or copied under it (400 parent_in_trash; restoring it comes first). Reads only what is checked.
 */
/** The ids among these projects and meetings that are in the trash (for placements checked in bulk). */
export const trashedParentIds = (db: DbOrTx, workspaceId: string, projectIds: string[], meetingIds: string[]) =>
  findTrashedParentIds(db, workspaceId, projectIds, meetingIds);

export async function requireLiveParents(db: DbOrTx, workspaceId: string, parents: Iterable<ItemParent>) {
  const projectIds = new Set<string>();
  const meetingIds = new Set<string>();
  for (const parent of parents) {
    if (parent.projectId) projectIds.add(parent.projectId);
    if (parent.meetingId) meetingIds.add(parent.meetingId);
  }
  if (!projectIds.size && !meetingIds.size) return;
  const trashed = await findTrashedParentIds(db, workspaceId, [...projectIds], [...meetingIds]);
  for (const id of projectIds) if (trashed.has(id)) throw parentInTrash("project");
  for (const id of meetingIds) if (trashed.has(id)) throw parentInTrash("meeting");
}
