import { cutText } from "@tasuki/contract/common/cut-text";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import { v7 as uuidv7 } from "uuid";
import { type ItemParent, parentsVisible, requireParentsVisible } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { moveBetween } from "../../lib/position.ts";
import {
  findItems,
  findItemWorkspaceIds,
  type ItemLevel,
  type ItemList,
  type ItemRow,
  insertItems,
  itemPositions,
  lastItemPosition,
  listItemNames,
  listItems as listItemRows,
  listOf,
  renumberItems,
  restoreBatches,
  trashItemTrees,
  updateItem as updateItemRow,
} from "./item.repository.ts";
import {
  itemInTrash,
  meetingNotFound,
  memberOr404,
  projectNotFound,
  requireItemWriter,
  requireLiveParents,
} from "./item-access.ts";
import { copyItemChildren } from "./item-copy.ts";

/** Which list a call names: a project or meeting (primary level), or a primary item (secondary level). */
export interface ListRef {
  project_id?: string | undefined;
  meeting_id?: string | undefined;
  primary_item_id?: string | undefined;
}

const itemNotFound = (level: ItemLevel) => () => notFound(level === "primary" ? "primary item" : "secondary item");

const primaryItemNotFound = () =>
  new AppError("primary_item_not_found", 404, "指定された大項目が見つかりません。", "primary_item_id is not visible");

/**
 * Both levels in one shape: a primary item simply has no `primary_item_id`, which its contract's response
 * leaves out (the route serialises through the contract).
 */
export function presentItem(row: ItemRow): SecondaryItem {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    meeting_id: row.meetingId,
    primary_item_id: row.primaryItemId as string,
    name: row.name,
    description: row.description,
    done: row.done,
    carried_from_id: row.carriedFromId,
    position: row.position,
    created_by: row.createdBy,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const parentOf = (row: ItemRow): ItemParent => ({ projectId: row.projectId, meetingId: row.meetingId });

/**
 * The items behind ids with the caller's membership. Ids of several workspaces, of another workspace, under a
 * parent (project or meeting) the caller may not see, or unknown, all answer the same 404 for the whole call.
 */
export async function openItems(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  ids: string[],
  db: DbOrTx = ctx.db,
): Promise<{ member: Membership; rows: ItemRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findItemWorkspaceIds(db, level, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw itemNotFound(level)();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(db, auth, workspaceId!, itemNotFound(level));
  const rows = await findItems(db, level, member.workspaceId, unique);
  if (rows.length !== unique.length) throw itemNotFound(level)();
  await requireParentsVisible(db, member, rows.map(parentOf), itemNotFound(level));
  return { member, rows };
}

/**
 * Inside a write's transaction: the item re-read and held until it ends, still out of the trash. openItems
 * read it before the transaction; a trash committed since would otherwise be overwritten or built upon.
 */
async function lockLiveItem(
  tx: DbOrTx,
  level: ItemLevel,
  workspaceId: string,
  id: string,
  lock: "update" | "share" = "update",
): Promise<ItemRow> {
  const [row] = await findItems(tx, level, workspaceId, [id], lock);
  if (!row) throw itemNotFound(level)();
  if (row.deletedAt) throw itemInTrash();
  return row;
}

/**
 * The list a call names, checked like a placement: the project or meeting must be one the caller sees; a
 * primary item (for secondary items) must be of the workspace and under a parent the caller sees.
 */
async function openList(
  ctx: AppContext,
  member: Membership,
  level: ItemLevel,
  ref: ListRef,
): Promise<{ list: ItemList; parent: ItemParent; primary: ItemRow | null }> {
  if (level === "secondary") {
    const [primary] = await findItems(ctx.db, "primary", member.workspaceId, [ref.primary_item_id!]);
    if (!primary) throw primaryItemNotFound();
    await requireParentsVisible(ctx.db, member, [parentOf(primary)], primaryItemNotFound);
    return { list: { level, primaryItemId: primary.id }, parent: parentOf(primary), primary };
  }
  if ((ref.project_id === undefined) === (ref.meeting_id === undefined)) {
    throw badRequest(
      "project_required",
      "プロジェクトか会議のどちらか一方を指定してください。",
      "exactly one of project_id and meeting_id is required",
    );
  }
  const parent = { projectId: ref.project_id ?? null, meetingId: ref.meeting_id ?? null };
  await requireParentsVisible(ctx.db, member, [parent], parent.projectId ? projectNotFound : meetingNotFound);
  return { list: { level, ...parent }, parent, primary: null };
}

export async function listItems(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  query: ListRef & { workspace_id: string; trash: boolean; page: number; per_page: number },
) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { list } = await openList(ctx, member, level, query);
  const { rows, total } = await listItemRows(ctx.db, query.workspace_id, list, {
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(presentItem), total };
}

export async function listItemIdNames(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  query: ListRef & { workspace_id: string },
) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { list } = await openList(ctx, member, level, query);
  return { items: await listItemNames(ctx.db, query.workspace_id, list) };
}

export async function getItem(ctx: AppContext, auth: RequestAuth, level: ItemLevel, id: string) {
  return presentItem((await openItems(ctx, auth, level, [id])).rows[0]!);
}

export async function createItem(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  input: ListRef & { workspace_id: string; name: string; description: string },
) {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  const { list, parent, primary } = await openList(ctx, member, level, input);
  requireItemWriter(member, parent);
  if (primary?.deletedAt) throw itemInTrash();
  await requireLiveParents(ctx.db, member.workspaceId, [parent]);
  const [row] = await ctx.db.transaction(async (tx) => {
    // The parent held against a concurrent trash, which would otherwise leave this child live under it.
    if (primary) await lockLiveItem(tx, "primary", input.workspace_id, primary.id, "share");
    return insertItems(tx, level, [
      {
        workspaceId: input.workspace_id,
        ...parent,
        ...(primary && { primaryItemId: primary.id }),
        name: input.name,
        description: input.description,
        position: positionBetween(await lastItemPosition(tx, input.workspace_id, list), null),
        createdBy: member.id,
      },
    ]);
  });
  return presentItem(row!);
}

export async function updateItem(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  id: string,
  input: { name?: string | undefined; description?: string | undefined; done?: boolean | undefined },
) {
  const { member, rows } = await openItems(ctx, auth, level, [id]);
  const row = rows[0]!;
  requireItemWriter(member, parentOf(row));
  if (row.deletedAt) throw itemInTrash();
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, level, row.workspaceId, id);
    return updateItemRow(tx, level, row.workspaceId, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.done !== undefined && { done: input.done }),
    });
  });
  return presentItem(saved ?? row);
}

/** Trashes the items with their children, in one transaction; already trashed ones stay as they are. */
export async function deleteItems(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  ids: string[],
): Promise<{ ok: true }> {
  const { member, rows } = await openItems(ctx, auth, level, ids);
  for (const row of rows) requireItemWriter(member, parentOf(row));
  const live = rows.filter((row) => !row.deletedAt).map((row) => row.id);
  if (live.length) {
    await ctx.db.transaction((tx) => trashItemTrees(tx, level, member.workspaceId, live, uuidv7(), ctx.now()));
  }
  return { ok: true };
}

/** Brings the items back with everything their delete trashed with them. */
export async function restoreItems(ctx: AppContext, auth: RequestAuth, level: ItemLevel, ids: string[]) {
  const { member, rows } = await openItems(ctx, auth, level, ids);
  for (const row of rows) requireItemWriter(member, parentOf(row));
  const batches = [...new Set(rows.map((row) => row.deletedBatch).filter((batch): batch is string => batch !== null))];
  await ctx.db.transaction(async (tx) => {
    await restoreBatches(tx, member.workspaceId, batches);
    // A row trashed without a batch (none today, but older data might be) still comes back.
    for (const row of rows) {
      if (row.deletedAt && !row.deletedBatch) {
        await updateItemRow(tx, level, member.workspaceId, row.id, { deletedAt: null });
      }
    }
  });
  const restored = await findItems(ctx.db, level, member.workspaceId, [...new Set(ids)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  restored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { items: restored.map(presentItem) };
}

/** Drops the item between two neighbours of its list (either may be absent: an end of the list). */
export async function moveItem(
  ctx: AppContext,
  auth: RequestAuth,
  level: ItemLevel,
  id: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
) {
  const { member, rows } = await openItems(ctx, auth, level, [id]);
  const row = rows[0]!;
  requireItemWriter(member, parentOf(row));
  if (row.deletedAt) throw itemInTrash();
  const workspaceId = row.workspaceId;
  const list = listOf(level, row);
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, level, workspaceId, id);
    return moveBetween(
      id,
      { prevId: input.prev_id ?? null, nextId: input.next_id ?? null },
      {
        positions: (ids) => itemPositions(tx, workspaceId, list, ids),
        last: () => lastItemPosition(tx, workspaceId, list),
        renumber: () => renumberItems(tx, workspaceId, list),
        write: (position) => updateItemRow(tx, level, workspaceId, id, { position }),
        notFound: itemNotFound(level),
        // A neighbour the caller sees under another parent is a bad drop; one of another workspace, or under a
        // parent the caller may not see, is as unknown as a missing one (the same 404: no existence oracle).
        elsewhere: async (ids) => {
          const found = await findItems(tx, level, workspaceId, ids);
          if (found.length !== ids.length) return false;
          return parentsVisible(tx, member, found.map(parentOf));
        },
      },
    );
  });
  return presentItem(saved ?? row);
}

/** A copy of the item with its live children, placed last in its list, in one transaction. */
export async function duplicateItem(ctx: AppContext, auth: RequestAuth, level: ItemLevel, id: string) {
  const { member, rows } = await openItems(ctx, auth, level, [id]);
  const row = rows[0]!;
  requireItemWriter(member, parentOf(row));
  if (row.deletedAt) throw itemInTrash();
  await requireLiveParents(ctx.db, row.workspaceId, [parentOf(row)]);
  const copy = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, level, row.workspaceId, id, "share");
    const last = await lastItemPosition(tx, row.workspaceId, listOf(level, row));
    const [created] = await insertItems(tx, level, [
      {
        workspaceId: row.workspaceId,
        projectId: row.projectId,
        meetingId: row.meetingId,
        ...(row.primaryItemId && { primaryItemId: row.primaryItemId }),
        name: cutText(`${row.name}のコピー`, 200),
        description: row.description,
        position: positionBetween(last, null),
        createdBy: member.id,
      },
    ]);
    await copyItemChildren(tx, level, row, created!.id, member);
    return created!;
  });
  return presentItem(copy);
}
