import type { itemPatchSchema } from "@tasuki/contract/primary-item/primary-item.schema";
import type {
  listSecondaryItemsContract,
  newSecondaryItemContract,
  secondaryItemIdNamesContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { needsRenumber, positionBetween } from "../../lib/position.ts";
import { type Membership, requireMember } from "../../plugins/workspace-scope.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { itemInTrash, memberOr404, requireItemWriter, requireProjectsVisible } from "../primary-item/item-access.ts";
import { copySecondaryItemChildren } from "../primary-item/item-copy.ts";
import { findPrimaryItems, restoreBatches } from "../primary-item/primary-item.repository.ts";
import {
  findSecondaryItems,
  findSecondaryItemWorkspaceIds,
  insertSecondaryItem,
  lastSecondaryItemPosition,
  listSecondaryItemNames,
  listSecondaryItems as listSecondaryItemRows,
  renumberSecondaryItems,
  type SecondaryItemRow,
  trashSecondaryItemTrees,
  updateSecondaryItem as updateSecondaryItemRow,
} from "./secondary-item.repository.ts";

type ListQuery = z.output<typeof listSecondaryItemsContract.query>;
type NamesQuery = z.output<typeof secondaryItemIdNamesContract.query>;
type NewBody = z.output<typeof newSecondaryItemContract.body>;
type PatchBody = z.output<typeof itemPatchSchema>;

const itemNotFound = () => notFound("secondary item");

export function presentSecondaryItem(row: SecondaryItemRow): SecondaryItem {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
    primary_item_id: row.primaryItemId,
    meeting_id: row.meetingId,
    name: row.name,
    description: row.description,
    position: row.position,
    created_by: row.createdBy,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The items behind ids with the caller's membership. Ids of several workspaces, of another workspace, of
 * projects the caller may not see, or unknown, all answer the same 404 for the whole call.
 */
async function openItems(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
): Promise<{ member: Membership; rows: SecondaryItemRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findSecondaryItemWorkspaceIds(ctx.db, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw itemNotFound();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(ctx.db, auth, workspaceId!, itemNotFound);
  const rows = await findSecondaryItems(ctx.db, member.workspaceId, unique);
  if (rows.length !== unique.length) throw itemNotFound();
  // Meeting agendas come with meetings; until then every item has a project.
  await requireProjectsVisible(
    ctx.db,
    member,
    rows.map((row) => row.projectId).filter((id): id is string => id !== null),
    itemNotFound,
  );
  return { member, rows };
}

/** The primary item a secondary item hangs under: of the caller's workspace and a project they may see. */
async function openParent(ctx: AppContext, member: Membership, primaryItemId: string) {
  const [parent] = await findPrimaryItems(ctx.db, member.workspaceId, [primaryItemId]);
  if (!parent) throw primaryItemNotFound();
  await requireProjectsVisible(
    ctx.db,
    member,
    [parent.projectId].filter((id): id is string => id !== null),
    primaryItemNotFound,
  );
  return parent;
}

const primaryItemNotFound = () =>
  new AppError("primary_item_not_found", 404, "指定された大項目が見つかりません。", "primary_item_id is not visible");

async function openItem(ctx: AppContext, auth: RequestAuth, id: string) {
  const { member, rows } = await openItems(ctx, auth, [id]);
  return { member, row: rows[0]! };
}

/** Inside a write's transaction: the item re-read and held until it ends, still out of the trash. */
async function lockLiveItem(
  tx: DbOrTx,
  workspaceId: string,
  id: string,
  lock: "update" | "share" = "update",
): Promise<SecondaryItemRow> {
  const [row] = await findSecondaryItems(tx, workspaceId, [id], lock);
  if (!row) throw itemNotFound();
  if (row.deletedAt) throw itemInTrash();
  return row;
}

export async function listSecondaryItems(ctx: AppContext, auth: RequestAuth, query: ListQuery) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  await openParent(ctx, member, query.primary_item_id);
  const { rows, total } = await listSecondaryItemRows(ctx.db, query.workspace_id, {
    primaryItemId: query.primary_item_id,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(presentSecondaryItem), total };
}

export async function listSecondaryItemIdNames(ctx: AppContext, auth: RequestAuth, query: NamesQuery) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  await openParent(ctx, member, query.primary_item_id);
  return { items: await listSecondaryItemNames(ctx.db, query.workspace_id, query.primary_item_id) };
}

export async function getSecondaryItem(ctx: AppContext, auth: RequestAuth, id: string): Promise<SecondaryItem> {
  return presentSecondaryItem((await openItem(ctx, auth, id)).row);
}

export async function createSecondaryItem(ctx: AppContext, auth: RequestAuth, input: NewBody): Promise<SecondaryItem> {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  requireItemWriter(member);
  const parent = await openParent(ctx, member, input.primary_item_id);
  if (parent.deletedAt) throw itemInTrash();
  const row = await ctx.db.transaction(async (tx) => {
    // The parent held against a concurrent trash, which would otherwise leave this child live under it.
    const [held] = await findPrimaryItems(tx, input.workspace_id, [parent.id], "share");
    if (!held || held.deletedAt) throw itemInTrash();
    const last = await lastSecondaryItemPosition(tx, input.workspace_id, parent.id);
    return insertSecondaryItem(tx, {
      workspaceId: input.workspace_id,
      projectId: parent.projectId,
      meetingId: parent.meetingId,
      primaryItemId: parent.id,
      name: input.name,
      description: input.description,
      position: positionBetween(last, null),
      createdBy: member.id,
    });
  });
  return presentSecondaryItem(row);
}

export async function updateSecondaryItem(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: PatchBody,
): Promise<SecondaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, row.workspaceId, id);
    return updateSecondaryItemRow(tx, row.workspaceId, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
    });
  });
  return presentSecondaryItem(saved ?? row);
}

/** Trashes the items with their tasks, in one transaction; already trashed ones stay as they are. */
export async function deleteSecondaryItems(ctx: AppContext, auth: RequestAuth, ids: string[]): Promise<{ ok: true }> {
  const { member, rows } = await openItems(ctx, auth, ids);
  requireItemWriter(member);
  const live = rows.filter((row) => !row.deletedAt).map((row) => row.id);
  if (live.length) {
    await ctx.db.transaction((tx) => trashSecondaryItemTrees(tx, member.workspaceId, live, uuidv7(), ctx.now()));
  }
  return { ok: true };
}

/** Brings the items back with everything their delete trashed with them. */
export async function restoreSecondaryItems(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
): Promise<{ items: SecondaryItem[] }> {
  const { member, rows } = await openItems(ctx, auth, ids);
  requireItemWriter(member);
  const batches = [...new Set(rows.map((row) => row.deletedBatch).filter((batch): batch is string => batch !== null))];
  await ctx.db.transaction(async (tx) => {
    await restoreBatches(tx, member.workspaceId, batches);
    // A row trashed without a batch (none today, but older data might be) still comes back.
    for (const row of rows) {
      if (row.deletedAt && !row.deletedBatch) {
        await updateSecondaryItemRow(tx, member.workspaceId, row.id, { deletedAt: null });
      }
    }
  });
  const restored = await findSecondaryItems(ctx.db, member.workspaceId, [...new Set(ids)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  restored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { items: restored.map(presentSecondaryItem) };
}

const badNeighbours = (devMessage: string) =>
  badRequest(
    "invalid_position",
    "並び順の指定が正しくありません。画面を再読み込みしてからやり直してください。",
    devMessage,
  );

/** Drops the item between two neighbours of the same project (either may be absent: an end of the list). */
export async function moveSecondaryItem(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<SecondaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const prevId = input.prev_id ?? null;
  const nextId = input.next_id ?? null;
  if (prevId === id || nextId === id || (prevId !== null && prevId === nextId)) {
    throw badNeighbours("prev_id and next_id must be two other items");
  }
  const workspaceId = row.workspaceId;
  const parentId = row.primaryItemId;
  const neighbours = [prevId, nextId].filter((value): value is string => value !== null);
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, workspaceId, id);
    const load = async () => new Map((await findSecondaryItems(tx, workspaceId, neighbours)).map((n) => [n.id, n]));
    let found = await load();
    // A neighbour of another workspace is as unknown as a missing one; one of another parent is a bad drop.
    if (neighbours.some((n) => !found.has(n))) throw itemNotFound();
    if ([...found.values()].some((n) => n.primaryItemId !== parentId)) {
      throw badNeighbours("neighbours must be under the same primary item");
    }
    if (!neighbours.length) {
      const last = await lastSecondaryItemPosition(tx, workspaceId, parentId);
      return updateSecondaryItemRow(tx, workspaceId, id, { position: positionBetween(last, null) });
    }
    const at = () =>
      [prevId ? found.get(prevId)!.position : null, nextId ? found.get(nextId)!.position : null] as const;
    if (needsRenumber(...at())) {
      await renumberSecondaryItems(tx, workspaceId, parentId);
      found = await load();
    }
    const [prev, next] = at();
    if (prev !== null && next !== null && prev >= next) throw badNeighbours("prev_id must come before next_id");
    return updateSecondaryItemRow(tx, workspaceId, id, { position: positionBetween(prev, next) });
  });
  return presentSecondaryItem(saved ?? row);
}

/** A copy of the item with its live tasks, placed last under its primary item, in one transaction. */
export async function duplicateSecondaryItem(ctx: AppContext, auth: RequestAuth, id: string): Promise<SecondaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const copy = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, row.workspaceId, id, "share");
    const last = await lastSecondaryItemPosition(tx, row.workspaceId, row.primaryItemId);
    const created = await insertSecondaryItem(tx, {
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      meetingId: row.meetingId,
      primaryItemId: row.primaryItemId,
      name: `${row.name}のコピー`.slice(0, 200),
      description: row.description,
      position: positionBetween(last, null),
      createdBy: member.id,
    });
    await copySecondaryItemChildren(tx, row, created.id, member.id);
    return created;
  });
  return presentSecondaryItem(copy);
}
