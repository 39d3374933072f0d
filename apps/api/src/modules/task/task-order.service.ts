import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import type { AppContext } from "../../app-context.ts";
import { badRequest, forbidden, notFound } from "../../lib/app-error.ts";
import { needsRenumber, positionBetween } from "../../lib/position.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { findVisibleTasks, insertTasks, updateTasks } from "./task.repository.ts";
import { lockTasks, openTasks, presentDetail, requireTaskWriter, taskInTrash, viewerOf } from "./task.service.ts";
import { lastTaskPosition, renumberTasks, type TaskParent } from "./task-order.repository.ts";

const parentOf = (row: TaskParent): TaskParent => ({
  projectId: row.projectId,
  primaryItemId: row.primaryItemId,
  secondaryItemId: row.secondaryItemId,
});

const sameParent = (a: TaskParent, b: TaskParent) =>
  a.projectId === b.projectId && a.primaryItemId === b.primaryItemId && a.secondaryItemId === b.secondaryItemId;

/**
 * New tasks take the clock's milliseconds (~1.8e12), where a double has far less room between neighbours than
 * near 1, so the gap is checked by the midpoint itself, not only by its width.
 */
function roomBetween(prev: number | null, next: number | null): boolean {
  if (prev === null || next === null || prev >= next) return true;
  const middle = positionBetween(prev, next);
  return middle > prev && middle < next;
}

const badNeighbours = (devMessage: string) =>
  badRequest(
    "invalid_position",
    "並び順の指定が正しくありません。画面を再読み込みしてからやり直してください。",
    devMessage,
  );

/**
 * Drops a task between two neighbours of the same parent (either may be absent: an end of the list; both
 * absent: the end). Neighbours the caller cannot see are as unknown as missing ones (404).
 */
export async function moveTask(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  const row = rows[0]!;
  requireTaskWriter(member, row);
  if (row.deletedAt) throw taskInTrash();
  const prevId = input.prev_id ?? null;
  const nextId = input.next_id ?? null;
  if (prevId === id || nextId === id || (prevId !== null && prevId === nextId)) {
    throw badNeighbours("prev_id and next_id must be two other tasks");
  }
  const workspaceId = row.workspaceId;
  const neighbours = [prevId, nextId].filter((value): value is string => value !== null);
  const saved = await ctx.db.transaction(async (tx) => {
    // The parent as it is now: a concurrent edit may have moved the task elsewhere since openTasks read it.
    const parent = parentOf((await lockTasks(tx, member, [id], { writable: true }))[0]!);
    const load = async () =>
      new Map((await findVisibleTasks(tx, workspaceId, neighbours, viewerOf(member))).map((n) => [n.id, n]));
    let found = await load();
    if (neighbours.some((n) => !found.has(n))) throw notFound("task");
    if ([...found.values()].some((n) => !sameParent(parentOf(n), parent))) {
      throw badNeighbours("neighbours must have the same parent");
    }
    if (!neighbours.length) {
      const last = await lastTaskPosition(tx, workspaceId, parent);
      return (await updateTasks(tx, workspaceId, [id], { position: positionBetween(last, null) }))[0]!;
    }
    const at = () =>
      [prevId ? found.get(prevId)!.position : null, nextId ? found.get(nextId)!.position : null] as const;
    if (needsRenumber(...at()) || !roomBetween(...at())) {
      await renumberTasks(tx, workspaceId, parent);
      found = await load();
    }
    const [prev, next] = at();
    if (prev !== null && next !== null && prev >= next) throw badNeighbours("prev_id must come before next_id");
    return (await updateTasks(tx, workspaceId, [id], { position: positionBetween(prev, next) }))[0]!;
  });
  return presentDetail(ctx, saved);
}

/** A copy of a visible task, not started, placed last in its parent, made by the caller (create_tasks). */
export async function duplicateTask(ctx: AppContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  if (!member.permissions.includes("create_tasks")) throw forbidden("permission create_tasks is required");
  if (rows[0]!.deletedAt) throw taskInTrash();
  const copy = await ctx.db.transaction(async (tx) => {
    // The source as it is now (not trashed or moved meanwhile), held until the copy is written.
    const source = (await lockTasks(tx, member, [id]))[0]!;
    if (source.deletedAt) throw taskInTrash();
    const last = await lastTaskPosition(tx, source.workspaceId, parentOf(source));
    const {
      id: _id,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      deletedAt: _deletedAt,
      deletedBatch: _deletedBatch,
      periodicSeriesId: _series,
      ...fields
    } = source;
    const [row] = await insertTasks(tx, [
      {
        ...fields,
        title: `${source.title}のコピー`.slice(0, 200),
        status: "none",
        // A copy is a one-off: it does not join the original's periodic series.
        periodicRule: null,
        occurrenceDate: null,
        periodicTouched: false,
        position: positionBetween(last, null),
        createdBy: member.id,
      },
    ]);
    return row!;
  });
  return presentDetail(ctx, copy);
}
