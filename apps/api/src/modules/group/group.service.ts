import type { Group, GroupNode } from "@tasuki/contract/group/group.schema";
import { v7 as uuidv7 } from "uuid";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import { lockOrganisation } from "../workspace/workspace-definition.service.ts";
import { findLiveStaffIds, presentStaffRef } from "../workspace-user/staff-directory.service.ts";
import {
  clearMainFlags,
  countMembers,
  deleteMemberships,
  ensureMainGroups,
  findGroup,
  findGroupWorkspaceId,
  type GroupWithLeader,
  groupTypeExists,
  insertGroup,
  insertGroupsChangedEvents,
  insertMemberships,
  lastSiblingPosition,
  listBatch,
  listGroups,
  listLiveGroupLinks,
  listLiveGroups,
  listMemberIds,
  listMembersOfAllGroups,
  listSiblings,
  placeGroups,
  trashGroups,
  untrashGroups,
  updateGroup,
} from "./group.repository.ts";
import { depthFirst, insertIndex, liftChildren, placeAt, subtreeIds, wouldCycle } from "./group-tree.ts";

function toGroup({ group, leader }: GroupWithLeader, memberCount: number): Group {
  return {
    id: group.id,
    workspace_id: group.workspaceId,
    parent_id: group.parentId,
    group_type_id: group.groupTypeId,
    name: group.name,
    leader: leader ? presentStaffRef(leader) : null,
    position: group.position,
    member_count: memberCount,
    deleted_at: group.deletedAt?.toISOString() ?? null,
    created_at: group.createdAt.toISOString(),
    updated_at: group.updatedAt.toISOString(),
  };
}

async function presentOne(db: DbOrTx, workspaceId: string, id: string): Promise<Group> {
  const [row, counts] = await Promise.all([findGroup(db, workspaceId, id), countMembers(db, workspaceId, [id])]);
  if (!row) throw notFound("group");
  return toGroup(row, counts.get(id) ?? 0);
}

/** The workspace of the group in the path, once the caller is known to be allowed there. */
async function scopeOf(ctx: AppContext, auth: RequestAuth, id: string, write: boolean): Promise<string> {
  const workspaceId = await findGroupWorkspaceId(ctx.db, id);
  if (!workspaceId) throw notFound("group");
  await requireMember(ctx.db, auth, workspaceId, write ? { permission: "manage_groups" } : undefined);
  return workspaceId;
}

const invalid = (field: string, messageJa: string) =>
  badRequest(`invalid_${field}`, messageJa, `${field} does not name a live row of this workspace`);

const invalidNeighbour = () =>
  badRequest(
    "invalid_neighbour",
    "移動先の位置が正しくありません。画面を再読み込みしてから、もう一度お試しください。",
    "prev_id / next_id must be live siblings under the target parent",
  );

const unique = (ids: string[]) => [...new Set(ids)];

/** Ids in the body must name this workspace's rows; a wrong one refuses the whole request. */
async function checkReferences(
  db: DbOrTx,
  workspaceId: string,
  input: { group_type_id?: string | null | undefined; leader_id?: string | null | undefined; member_ids?: string[] },
): Promise<void> {
  if (input.group_type_id && !(await groupTypeExists(db, workspaceId, input.group_type_id))) {
    throw invalid("group_type", "指定された階層が見つかりません。画面を再読み込みしてから、もう一度お試しください。");
  }
  const staffIds = unique([...(input.leader_id ? [input.leader_id] : []), ...(input.member_ids ?? [])]);
  const live = await findLiveStaffIds(db, workspaceId, staffIds);
  if (input.leader_id && !live.has(input.leader_id)) {
    throw invalid("leader", "リーダーに指定されたスタッフが見つかりません。");
  }
  if (input.member_ids?.some((id) => !live.has(id))) {
    throw invalid("members", "メンバーに指定されたスタッフが見つかりません。");
  }
}

async function checkLiveParent(db: DbOrTx, workspaceId: string, parentId: string): Promise<void> {
  const parent = await findGroup(db, workspaceId, parentId);
  if (!parent || parent.group.deletedAt) {
    throw invalid("parent", "親グループが見つかりません。画面を再読み込みしてから、もう一度お試しください。");
  }
}

/** Memberships changed: main groups stay consistent and the staff's sessions hear of it, in the same transaction. */
async function membershipsChanged(db: DbOrTx, workspaceId: string, staffIds: string[]): Promise<void> {
  const ids = unique(staffIds);
  await ensureMainGroups(db, workspaceId, ids);
  await insertGroupsChangedEvents(db, workspaceId, ids);
}

export async function listGroupPage(
  ctx: AppContext,
  auth: RequestAuth,
  query: {
    workspace_id: string;
    page: number;
    per_page: number;
    q?: string | undefined;
    parent_id?: string | undefined;
    group_type_id?: string | undefined;
    trash: boolean;
  },
): Promise<{ items: Group[]; total: number }> {
  const workspaceId = query.workspace_id;
  await requireMember(ctx.db, auth, workspaceId);
  const { rows, total } = await listGroups(
    ctx.db,
    workspaceId,
    { q: query.q || undefined, parentId: query.parent_id, groupTypeId: query.group_type_id, trash: query.trash },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const counts = await countMembers(
    ctx.db,
    workspaceId,
    rows.map((row) => row.group.id),
  );
  return { items: rows.map((row) => toGroup(row, counts.get(row.group.id) ?? 0)), total };
}

/**
 * The whole live tree in a fixed number of queries whatever its size (groups with leaders, then either the
 * member counts or the members themselves), put in depth-first order in memory.
 */
export async function listGroupTree(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; include_members: boolean },
): Promise<{ items: GroupNode[] }> {
  const workspaceId = query.workspace_id;
  await requireMember(ctx.db, auth, workspaceId);
  const [rows, members] = await Promise.all([
    listLiveGroups(ctx.db, workspaceId),
    query.include_members ? listMembersOfAllGroups(ctx.db, workspaceId) : null,
  ]);
  let counts: Map<string, number>;
  const membersByGroup = new Map<string, ReturnType<typeof presentStaffRef>[]>();
  if (members) {
    for (const member of members) {
      const list = membersByGroup.get(member.groupId) ?? [];
      list.push(presentStaffRef(member));
      membersByGroup.set(member.groupId, list);
    }
    counts = new Map([...membersByGroup].map(([id, list]) => [id, list.length]));
  } else {
    counts = await countMembers(ctx.db, workspaceId);
  }
  const ordered = depthFirst(rows, (row) => ({ id: row.group.id, parentId: row.group.parentId }));
  return {
    items: ordered.map(({ row, depth }) => ({
      ...toGroup(row, counts.get(row.group.id) ?? 0),
      depth,
      ...(members ? { members: membersByGroup.get(row.group.id) ?? [] } : {}),
    })),
  };
}

export async function getGroup(ctx: AppContext, auth: RequestAuth, id: string): Promise<Group> {
  const workspaceId = await scopeOf(ctx, auth, id, false);
  return presentOne(ctx.db, workspaceId, id);
}

export async function createGroup(
  ctx: AppContext,
  auth: RequestAuth,
  input: {
    workspace_id: string;
    name: string;
    parent_id?: string | null | undefined;
    group_type_id?: string | null | undefined;
    leader_id?: string | null | undefined;
    member_ids?: string[] | undefined;
  },
): Promise<Group> {
  const workspaceId = input.workspace_id;
  await requireMember(ctx.db, auth, workspaceId, { permission: "manage_groups" });
  const memberIds = unique(input.member_ids ?? []);
  return ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, workspaceId);
    const parentId = input.parent_id ?? null;
    if (parentId) await checkLiveParent(tx, workspaceId, parentId);
    await checkReferences(tx, workspaceId, { ...input, member_ids: memberIds });
    const last = await lastSiblingPosition(tx, workspaceId, parentId);
    const group = await insertGroup(tx, {
      workspaceId,
      parentId,
      name: input.name,
      groupTypeId: input.group_type_id ?? null,
      leaderId: input.leader_id ?? null,
      position: last === null ? 1 : last + 1,
    });
    await insertMemberships(tx, workspaceId, group.id, memberIds);
    await membershipsChanged(tx, workspaceId, memberIds);
    return presentOne(tx, workspaceId, group.id);
  });
}

export async function patchGroup(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: {
    name?: string | undefined;
    parent_id?: string | null | undefined;
    group_type_id?: string | null | undefined;
    leader_id?: string | null | undefined;
    member_ids?: string[] | undefined;
    prev_id?: string | null | undefined;
    next_id?: string | null | undefined;
  },
): Promise<Group> {
  const workspaceId = await scopeOf(ctx, auth, id, true);
  const memberIds = input.member_ids === undefined ? undefined : unique(input.member_ids);
  return ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, workspaceId);
    const current = await findGroup(tx, workspaceId, id);
    if (!current || current.group.deletedAt) throw notFound("group");
    await checkReferences(tx, workspaceId, { ...input, ...(memberIds && { member_ids: memberIds }) });

    const parentId = input.parent_id === undefined ? current.group.parentId : input.parent_id;
    const parentChanges = parentId !== current.group.parentId;
    if (parentChanges && parentId !== null) {
      await checkLiveParent(tx, workspaceId, parentId);
      if (wouldCycle(await listLiveGroupLinks(tx, workspaceId), id, parentId)) {
        throw badRequest(
          "group_cycle",
          "グループを、そのグループ自身やその下位グループの下へ移動することはできません。",
          "a group cannot be moved under itself or one of its descendants",
        );
      }
    }
    if (parentChanges || input.prev_id !== undefined || input.next_id !== undefined) {
      if (input.prev_id === id || input.next_id === id) throw invalidNeighbour();
      const siblings = (await listSiblings(tx, workspaceId, parentId)).filter((sibling) => sibling.id !== id);
      const index = insertIndex(siblings, input.prev_id, input.next_id);
      if (index === null) throw invalidNeighbour();
      await placeGroups(tx, workspaceId, placeAt(siblings, index, id, parentId));
    }

    const fields = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.group_type_id !== undefined && { groupTypeId: input.group_type_id }),
      ...(input.leader_id !== undefined && { leaderId: input.leader_id }),
    };
    // A membership change alone still marks the group as edited.
    if (Object.keys(fields).length || memberIds) {
      await updateGroup(tx, workspaceId, id, { ...fields, updatedAt: ctx.now() });
    }

    if (memberIds) {
      const before = await listMemberIds(tx, workspaceId, [id]);
      const wanted = new Set(memberIds);
      const had = new Set(before);
      const removed = before.filter((staffId) => !wanted.has(staffId));
      const added = memberIds.filter((staffId) => !had.has(staffId));
      await deleteMemberships(tx, workspaceId, id, removed);
      await insertMemberships(tx, workspaceId, id, added);
      await membershipsChanged(tx, workspaceId, [...removed, ...added]);
    }
    return presentOne(tx, workspaceId, id);
  });
}

export async function deleteGroup(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  mode: "cascade" | "lift" | undefined,
): Promise<{ ok: true }> {
  const workspaceId = await scopeOf(ctx, auth, id, true);
  await ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, workspaceId);
    const current = await findGroup(tx, workspaceId, id);
    if (!current || current.group.deletedAt) throw notFound("group");
    const links = await listLiveGroupLinks(tx, workspaceId);
    const children = links.filter((link) => link.parentId === id);
    const members = await listMemberIds(tx, workspaceId, [id]);
    if ((children.length || members.length) && !mode) {
      throw conflict(
        "group_not_empty",
        `「${current.group.name}」には下位グループ${children.length}件・メンバー${members.length}人が所属しています。下位グループごと削除するか、下位グループを一つ上の階層へ移してから削除するかを選んでください。`,
        "the group has children or members: pass mode=cascade or mode=lift",
      );
    }
    const batch = uuidv7();
    const trashed = mode === "lift" ? [id] : subtreeIds(links, id);
    if (mode === "lift" && children.length) {
      const parentId = current.group.parentId;
      const siblings = links.filter((link) => link.parentId === parentId);
      await placeGroups(tx, workspaceId, liftChildren(siblings, id, children, parentId));
    }
    const affected = await listMemberIds(tx, workspaceId, trashed);
    await trashGroups(tx, workspaceId, trashed, ctx.now(), batch);
    await clearMainFlags(tx, workspaceId, trashed);
    await membershipsChanged(tx, workspaceId, affected);
  });
  return { ok: true };
}

export async function restoreGroup(ctx: AppContext, auth: RequestAuth, id: string): Promise<Group> {
  const workspaceId = await scopeOf(ctx, auth, id, true);
  return ctx.db.transaction(async (tx) => {
    await lockOrganisation(tx, workspaceId);
    const current = await findGroup(tx, workspaceId, id);
    if (!current) throw notFound("group");
    // Restoring twice (a retried request) answers the group as it is.
    if (!current.group.deletedAt) return presentOne(tx, workspaceId, id);
    const { parentId, deletedBatch } = current.group;
    if (parentId) {
      const parent = await findGroup(tx, workspaceId, parentId);
      if (!parent || parent.group.deletedAt) {
        throw conflict(
          "parent_deleted",
          `親グループ「${parent?.group.name ?? ""}」が削除されています。先に親グループを復元してください。`,
          "the parent group is in the trash: restore it first",
        );
      }
    }
    const ids = deletedBatch ? await listBatch(tx, workspaceId, deletedBatch) : [id];
    if (!ids.includes(id)) ids.push(id);
    await untrashGroups(tx, workspaceId, ids);
    await membershipsChanged(tx, workspaceId, await listMemberIds(tx, workspaceId, ids));
    return presentOne(tx, workspaceId, id);
  });
}
