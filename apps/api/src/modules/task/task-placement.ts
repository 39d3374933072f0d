import { checkAccess } from "../../access/access.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { AppError, badRequest } from "../../lib/app-error.ts";
import { meetingNotFound, parentInTrash, projectNotFound, trashedParentIds } from "../item/item-access.ts";
import { findPrimaryItems, findSecondaryItems } from "../item/item-rows.ts";
import { findLiveGroupIds, findLiveStaffIds } from "../workspace-user/staff-directory.service.ts";

const referenceNotFound = (code: string, what: string, field: string) =>
  new AppError(code, 404, `指定された${what}が見つかりません。`, `${field} is not one of this workspace`);

export const allPlacement: ReadonlySet<keyof Placement> = new Set([
  "assigneeId",
  "managerId",
  "groupId",
  "projectId",
  "meetingId",
  "primaryItemId",
  "secondaryItemId",
] as const);

export interface Placement {
  assigneeId: string | null;
  managerId: string | null;
  groupId: string | null;
  projectId: string | null;
  meetingId: string | null;
  primaryItemId: string | null;
  secondaryItemId: string | null;
}

export interface References {
  staff: Set<string>;
  groups: Set<string>;
  secondaries: Map<string, { primaryItemId: string; deletedAt: Date | null }>;
  primaries: Map<string, { projectId: string | null; meetingId: string | null; deletedAt: Date | null }>;
  projects: Set<string>;
  meetings: Set<string>;
  /** Of those projects and meetings, the ones in the trash: nothing is placed under them. */
  trashed: Set<string>;
}

/**
 * Everything the placements of any number of tasks refer to, in six queries whatever their number: live
 * staff and groups, the items (with the primary items, projects and meetings they bring) and which projects
 * and meetings the caller may see (access/access.ts) and which of them are in the trash (item-access.ts).
 */
export async function loadReferences(
  db: DbOrTx,
  member: Membership,
  wants: Placement[],
  sent: ReadonlySet<keyof Placement>,
): Promise<References> {
  const workspaceId = member.workspaceId;
  const ids = (pick: (want: Placement) => string | null) => [
    ...new Set(wants.map(pick).filter((id): id is string => id !== null)),
  ];
  const staff = await findLiveStaffIds(db, workspaceId, [
    ...ids((want) => want.assigneeId),
    ...ids((want) => want.managerId),
  ]);
  const groupIds = await findLiveGroupIds(
    db,
    workspaceId,
    ids((want) => want.groupId),
  );
  const secondaryRows = sent.has("secondaryItemId")
    ? await findSecondaryItems(
        db,
        workspaceId,
        ids((want) => want.secondaryItemId),
        // Held until the task is written: a concurrent trash of the item waits, and cannot leave it live below.
        "share",
      )
    : [];
  const primaryIds = [
    ...(sent.has("primaryItemId") ? ids((want) => want.primaryItemId) : []),
    ...secondaryRows.map((row) => row.primaryItemId),
  ];
  const primaryRows = await findPrimaryItems(db, workspaceId, [...new Set(primaryIds)], "share");
  const projectIds = [
    ...(sent.has("projectId") ? ids((want) => want.projectId) : []),
    ...primaryRows.map((row) => row.projectId).filter((id): id is string => id !== null),
  ];
  const projects = await checkAccess(db, member, "project", projectIds);
  const meetingIds = [
    ...(sent.has("meetingId") ? ids((want) => want.meetingId) : []),
    ...primaryRows.map((row) => row.meetingId).filter((id): id is string => id !== null),
  ];
  const meetings = await checkAccess(db, member, "meeting", meetingIds);
  const trashed = await trashedParentIds(db, workspaceId, [...projects], [...meetings]);
  return {
    staff,
    groups: groupIds,
    meetings,
    secondaries: new Map(secondaryRows.map((row) => [row.id, row])),
    primaries: new Map(primaryRows.map((row) => [row.id, row])),
    projects,
    trashed,
  };
}

const itemMismatch = () =>
  badRequest(
    "item_mismatch",
    "大項目・中項目は指定したプロジェクトのものを選んでください。",
    "the items must belong to the given project and to each other",
  );

/**
 * People, group, project and items must be of the task's workspace (and the project one the caller may
 * see); the items must hang together: the secondary item under the primary item, both in the project. A
 * missing project or primary item is filled in from the item above it.
 */
export function place(wanted: Placement, refs: References, sent: ReadonlySet<keyof Placement>): Placement {
  const placed = { ...wanted };
  if (placed.assigneeId && !refs.staff.has(placed.assigneeId)) {
    throw referenceNotFound("staff_not_found", "担当者", "assignee_id");
  }
  if (placed.managerId && !refs.staff.has(placed.managerId)) {
    throw referenceNotFound("staff_not_found", "管理者", "manager_id");
  }
  if (placed.groupId && !refs.groups.has(placed.groupId)) {
    throw referenceNotFound("group_not_found", "グループ", "group_id");
  }
  let itemsSent = false;
  if (placed.secondaryItemId && sent.has("secondaryItemId")) {
    itemsSent = true;
    const secondary = refs.secondaries.get(placed.secondaryItemId);
    if (!secondary || secondary.deletedAt) {
      throw referenceNotFound("secondary_item_not_found", "中項目", "secondary_item_id");
    }
    if (placed.primaryItemId && sent.has("primaryItemId") && placed.primaryItemId !== secondary.primaryItemId) {
      throw itemMismatch();
    }
    placed.primaryItemId = secondary.primaryItemId;
  }
  if (placed.primaryItemId && (sent.has("primaryItemId") || itemsSent)) {
    itemsSent = true;
    const primary = refs.primaries.get(placed.primaryItemId);
    if (!primary || primary.deletedAt) throw referenceNotFound("primary_item_not_found", "大項目", "primary_item_id");
    if (placed.projectId && sent.has("projectId") && primary.projectId !== placed.projectId) throw itemMismatch();
    if (primary.meetingId && placed.meetingId && sent.has("meetingId") && primary.meetingId !== placed.meetingId) {
      throw itemMismatch();
    }
    placed.projectId = primary.projectId;
    // An agenda item brings its meeting; a project's item keeps the task's own meeting link, if any.
    if (primary.meetingId) placed.meetingId = primary.meetingId;
  }
  if (placed.meetingId && (sent.has("meetingId") || itemsSent) && !refs.meetings.has(placed.meetingId)) {
    throw meetingNotFound();
  }
  // An item brings its project, which the caller must be able to see as much as one named directly.
  if (placed.projectId && (sent.has("projectId") || itemsSent) && !refs.projects.has(placed.projectId)) {
    throw projectNotFound();
  }
  // Seen, but in the trash: nothing new goes under it (restoring it comes first).
  if (placed.projectId && (sent.has("projectId") || itemsSent) && refs.trashed.has(placed.projectId)) {
    throw parentInTrash("project");
  }
  if (placed.meetingId && (sent.has("meetingId") || itemsSent) && refs.trashed.has(placed.meetingId)) {
    throw parentInTrash("meeting");
  }
  return placed;
}

export async function resolvePlacement(
  db: DbOrTx,
  member: Membership,
  wanted: Placement,
  /** What the caller sent; an edit re-checks only those, so a task whose item went to the trash stays editable. */
  sent: ReadonlySet<keyof Placement> = allPlacement,
): Promise<Placement> {
  return place(wanted, await loadReferences(db, member, [wanted], sent), sent);
}
