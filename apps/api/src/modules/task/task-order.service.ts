import { cutText } from "@tasuki/contract/common/cut-text";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { forbidden, notFound } from "../../lib/app-error.ts";
import { moveBetween } from "../../lib/position.ts";
import { findVisibleTasks, insertTasks, updateTasks } from "./task.repository.ts";
import { lockTasks, openTasks, requireTaskWriter, taskInTrash } from "./task-access.ts";
import { lastTaskPosition, renumberTasks, type TaskParent } from "./task-order.repository.ts";
import { allPlacement, resolvePlacement } from "./task-placement.ts";
import { presentDetail } from "./task-presentation.ts";

const parentOf = (row: TaskParent): TaskParent => ({
  projectId: row.projectId,
  meetingId: row.meetingId,
  primaryItemId: row.primaryItemId,
  secondaryItemId: row.secondaryItemId,
});

const sameParent = (a: TaskParent, b: TaskParent) =>
  a.projectId === b.projectId &&
  a.meetingId === b.meetingId &&
  a.primaryItemId === b.primaryItemId &&
  a.secondaryItemId === b.secondaryItemId;

/**
 * Drops a task between two neighbours of the same parent (either may be absent: an end of the list; both
 * absent: the end). Neighbours the caller cannot see are as unknown as missing ones (404); visible ones under
 * another parent are a bad drop (400).
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
  const workspaceId = row.workspaceId;
  const viewer = taskViewerOf(member);
  const saved = await ctx.db.transaction(async (tx) => {
    // The parent as it is now: a concurrent edit may have moved the task elsewhere since openTasks read it.
    const parent = parentOf((await lockTasks(tx, member, [id], { writable: true }))[0]!);
    return moveBetween(
      id,
      { prevId: input.prev_id ?? null, nextId: input.next_id ?? null },
      {
        positions: async (ids) =>
          new Map(
            (await findVisibleTasks(tx, workspaceId, ids, viewer))
              .filter((n) => sameParent(parentOf(n), parent))
              .map((n) => [n.id, n.position]),
          ),
        elsewhere: async (ids) => (await findVisibleTasks(tx, workspaceId, ids, viewer)).length === ids.length,
        last: () => lastTaskPosition(tx, workspaceId, parent),
        renumber: () => renumberTasks(tx, workspaceId, parent),
        write: async (position) => (await updateTasks(tx, workspaceId, [id], { position }))[0]!,
        notFound: () => notFound("task"),
      },
    );
  });
  return presentDetail(ctx, saved);
}

/**
 * A copy of a visible task, not started, placed last in its parent, made by the caller (create_tasks). The copy
 * is placed like a new task: its project, meeting, items and people are checked as create checks them, so a
 * task one sees (as its assignee, say) cannot put a copy into a project or meeting one does not see.
 */
export async function duplicateTask(ctx: AppContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  if (!member.permissions.includes("create_tasks")) throw forbidden("permission create_tasks is required");
  if (rows[0]!.deletedAt) throw taskInTrash();
  const copy = await ctx.db.transaction(async (tx) => {
    // The source as it is now (not trashed or moved meanwhile), held until the copy is written.
    const source = (await lockTasks(tx, member, [id]))[0]!;
    if (source.deletedAt) throw taskInTrash();
    // Placed like a new task: the caller must see its project, meeting and items as create requires.
    await resolvePlacement(tx, member, source, allPlacement);
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
        title: cutText(`${source.title}のコピー`, 200),
        status: "none",
        // Not started, so not completed (analytics would count a copy of a completed task otherwise).
        completedAt: null,
        // Nor any time in status: the copy starts its own.
        statusChangedAt: null,
        notStartedSeconds: 0,
        inProgressSeconds: 0,
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
