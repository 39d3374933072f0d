import type {
  listPrimaryItemsContract,
  newPrimaryItemContract,
  primaryItemIdNamesContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import type { itemPatchSchema, PrimaryItem } from "@tasuki/contract/primary-item/primary-item.schema";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/app-error.ts";
import { needsRenumber, positionBetween } from "../../lib/position.ts";
import { type Membership, requireMember } from "../../plugins/workspace-scope.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { itemInTrash, memberOr404, projectNotFound, requireItemWriter, requireProjectsVisible } from "./item-access.ts";
import { copyPrimaryItemChildren } from "./item-copy.ts";
import {
  findPrimaryItems,
  findPrimaryItemWorkspaceIds,
  insertPrimaryItem,
  lastPrimaryItemPosition,
  listPrimaryItemNames,
  listPrimaryItems as listPrimaryItemRows,
  type PrimaryItemRow,
  renumberPrimaryItems,
  restoreBatches,
  trashPrimaryItemTrees,
  updatePrimaryItem as updatePrimaryItemRow,
} from "./primary-item.repository.ts";

type ListQuery = z.output<typeof listPrimaryItemsContract.query>;
type NamesQuery = z.output<typeof primaryItemIdNamesContract.query>;
type NewBody = z.output<typeof newPrimaryItemContract.body>;
type PatchBody = z.output<typeof itemPatchSchema>;

const itemNotFound = () => notFound("primary item");

export function presentPrimaryItem(row: PrimaryItemRow): PrimaryItem {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    project_id: row.projectId,
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
): Promise<{ member: Membership; rows: PrimaryItemRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findPrimaryItemWorkspaceIds(ctx.db, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw itemNotFound();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(ctx.db, auth, workspaceId!, itemNotFound);
  const rows = await findPrimaryItems(ctx.db, member.workspaceId, unique);
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

/**
 * Inside a write's transaction: the item re-read and held until it ends, still out of the trash. openItems
 * read it before the transaction; a trash committed since would otherwise be overwritten or built upon.
 */
async function lockLiveItem(
  tx: DbOrTx,
  workspaceId: string,
  id: string,
  lock: "update" | "share" = "update",
): Promise<PrimaryItemRow> {
  const [row] = await findPrimaryItems(tx, workspaceId, [id], lock);
  if (!row) throw itemNotFound();
  if (row.deletedAt) throw itemInTrash();
  return row;
}

async function openItem(ctx: AppContext, auth: RequestAuth, id: string) {
  const { member, rows } = await openItems(ctx, auth, [id]);
  return { member, row: rows[0]! };
}

export async function listPrimaryItems(ctx: AppContext, auth: RequestAuth, query: ListQuery) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  if (!query.project_id) {
    throw badRequest("project_required", "プロジェクトを指定してください。", "project_id is required");
  }
  await requireProjectsVisible(ctx.db, member, [query.project_id], projectNotFound);
  const { rows, total } = await listPrimaryItemRows(ctx.db, query.workspace_id, {
    projectId: query.project_id,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(presentPrimaryItem), total };
}

export async function listPrimaryItemIdNames(ctx: AppContext, auth: RequestAuth, query: NamesQuery) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  if (!query.project_id) {
    throw badRequest("project_required", "プロジェクトを指定してください。", "project_id is required");
  }
  await requireProjectsVisible(ctx.db, member, [query.project_id], projectNotFound);
  return { items: await listPrimaryItemNames(ctx.db, query.workspace_id, query.project_id) };
}

export async function getPrimaryItem(ctx: AppContext, auth: RequestAuth, id: string): Promise<PrimaryItem> {
  return presentPrimaryItem((await openItem(ctx, auth, id)).row);
}

export async function createPrimaryItem(ctx: AppContext, auth: RequestAuth, input: NewBody): Promise<PrimaryItem> {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  requireItemWriter(member);
  await requireProjectsVisible(ctx.db, member, [input.project_id], projectNotFound);
  const row = await ctx.db.transaction(async (tx) => {
    const last = await lastPrimaryItemPosition(tx, input.workspace_id, input.project_id);
    return insertPrimaryItem(tx, {
      workspaceId: input.workspace_id,
      projectId: input.project_id,
      name: input.name,
      description: input.description,
      position: positionBetween(last, null),
      createdBy: member.id,
    });
  });
  return presentPrimaryItem(row);
}

export async function updatePrimaryItem(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: PatchBody,
): Promise<PrimaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, row.workspaceId, id);
    return updatePrimaryItemRow(tx, row.workspaceId, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
    });
  });
  return presentPrimaryItem(saved ?? row);
}

/** Trashes the items with their secondary items and tasks, in one transaction; already trashed ones stay as they are. */
export async function deletePrimaryItems(ctx: AppContext, auth: RequestAuth, ids: string[]): Promise<{ ok: true }> {
  const { member, rows } = await openItems(ctx, auth, ids);
  requireItemWriter(member);
  const live = rows.filter((row) => !row.deletedAt).map((row) => row.id);
  if (live.length) {
    await ctx.db.transaction((tx) => trashPrimaryItemTrees(tx, member.workspaceId, live, uuidv7(), ctx.now()));
  }
  return { ok: true };
}

/** Brings the items back with everything their delete trashed with them. */
export async function restorePrimaryItems(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
): Promise<{ items: PrimaryItem[] }> {
  const { member, rows } = await openItems(ctx, auth, ids);
  requireItemWriter(member);
  const batches = [...new Set(rows.map((row) => row.deletedBatch).filter((batch): batch is string => batch !== null))];
  await ctx.db.transaction(async (tx) => {
    await restoreBatches(tx, member.workspaceId, batches);
    // A row trashed without a batch (none today, but older data might be) still comes back.
    for (const row of rows) {
      if (row.deletedAt && !row.deletedBatch) {
        await updatePrimaryItemRow(tx, member.workspaceId, row.id, { deletedAt: null });
      }
    }
  });
  const restored = await findPrimaryItems(ctx.db, member.workspaceId, [...new Set(ids)]);
  const order = new Map(ids.map((id, index) => [id, index]));
  restored.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { items: restored.map(presentPrimaryItem) };
}

const badNeighbours = (devMessage: string) =>
  badRequest(
    "invalid_position",
    "並び順の指定が正しくありません。画面を再読み込みしてからやり直してください。",
    devMessage,
  );

/** Drops the item between two neighbours of the same project (either may be absent: an end of the list). */
export async function movePrimaryItem(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<PrimaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const prevId = input.prev_id ?? null;
  const nextId = input.next_id ?? null;
  if (prevId === id || nextId === id || (prevId !== null && prevId === nextId)) {
    throw badNeighbours("prev_id and next_id must be two other items");
  }
  const workspaceId = row.workspaceId;
  const projectId = row.projectId!;
  const neighbours = [prevId, nextId].filter((value): value is string => value !== null);
  const saved = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, workspaceId, id);
    const load = async () => new Map((await findPrimaryItems(tx, workspaceId, neighbours)).map((n) => [n.id, n]));
    let found = await load();
    // A neighbour of another workspace is as unknown as a missing one; one of another parent is a bad drop.
    if (neighbours.some((n) => !found.has(n))) throw itemNotFound();
    if ([...found.values()].some((n) => n.projectId !== projectId)) {
      throw badNeighbours("neighbours must belong to the same project");
    }
    if (!neighbours.length) {
      const last = await lastPrimaryItemPosition(tx, workspaceId, projectId);
      return updatePrimaryItemRow(tx, workspaceId, id, { position: positionBetween(last, null) });
    }
    const at = () =>
      [prevId ? found.get(prevId)!.position : null, nextId ? found.get(nextId)!.position : null] as const;
    if (needsRenumber(...at())) {
      await renumberPrimaryItems(tx, workspaceId, projectId);
      found = await load();
    }
    const [prev, next] = at();
    if (prev !== null && next !== null && prev >= next) throw badNeighbours("prev_id must come before next_id");
    return updatePrimaryItemRow(tx, workspaceId, id, { position: positionBetween(prev, next) });
  });
  return presentPrimaryItem(saved ?? row);
}

/** A copy of the item with its live secondary items and tasks, placed last in its project, in one transaction. */
export async function duplicatePrimaryItem(ctx: AppContext, auth: RequestAuth, id: string): Promise<PrimaryItem> {
  const { member, row } = await openItem(ctx, auth, id);
  requireItemWriter(member);
  if (row.deletedAt) throw itemInTrash();
  const copy = await ctx.db.transaction(async (tx) => {
    await lockLiveItem(tx, row.workspaceId, id, "share");
    const last = await lastPrimaryItemPosition(tx, row.workspaceId, row.projectId!);
    const created = await insertPrimaryItem(tx, {
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      meetingId: row.meetingId,
      name: `${row.name}のコピー`.slice(0, 200),
      description: row.description,
      position: positionBetween(last, null),
      createdBy: member.id,
    });
    await copyPrimaryItemChildren(tx, row, created.id, member.id);
    return created;
  });
  return presentPrimaryItem(copy);
}
