import { mayMakeStatusMove, statusMoveOf } from "@tasuki/contract/rules/task-rules";
import type { TaskDetail, TaskStatus } from "@tasuki/contract/task/task.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { conflict, forbidden } from "../../lib/app-error.ts";
import { notifyTaskChanges } from "../notification/notification.service.ts";
import { insertStatusChanges, type TaskRow, timeInStatusAt, updateTasks } from "./task.repository.ts";
import { lockTasks, openTasks, taskActorOf, taskInTrash } from "./task-access.ts";
import { presentDetail } from "./task-presentation.ts";

const badTransition = (from: TaskStatus, to: TaskStatus) =>
  conflict(
    "invalid_status_transition",
    "このステータスには変更できません。",
    `a task cannot move from ${from} to ${to}`,
  );

/**
 * The status machine (the contract's task-rules, shared with the web app): a change no one may make is a 409;
 * one the caller may not make (the assignee's moves, the manager's close and reopen) a 403.
 */
export function checkStatusChange(member: Membership, row: TaskRow, to: TaskStatus): void {
  const move = statusMoveOf(row.status, to);
  if (!move) throw badTransition(row.status, to);
  if (mayMakeStatusMove(move, row, taskActorOf(member))) return;
  throw move === "manager"
    ? forbidden(
        "only the manager or view_all_tasks closes or reopens a task",
        "タスクのクローズと再開は管理者のみが行えます。",
      )
    : forbidden(
        "only the assignee moves a task between none, in_progress and done",
        "ステータスを変更できるのは担当者のみです。",
      );
}

export async function changeTaskStatuses(
  ctx: AppContext,
  db: DbOrTx,
  member: Membership,
  rows: TaskRow[],
  to: TaskStatus,
): Promise<TaskRow[]> {
  const moving = rows.filter((row) => row.status !== to);
  for (const row of moving) checkStatusChange(member, row, to);
  const at = ctx.now();
  await insertStatusChanges(
    db,
    moving.map((row) => ({
      workspaceId: row.workspaceId,
      taskId: row.id,
      fromStatus: row.status,
      toStatus: to,
      changedBy: member.id,
      changedAt: at,
    })),
  );
  const updated = await updateTasks(
    db,
    member.workspaceId,
    moving.map((row) => row.id),
    // completed_at: set by a move to 完了, kept by closing (only a 完了 task closes), cleared by a reopening.
    // Time in status: the span just ended is added to the status left.
    {
      status: to,
      periodicTouched: true,
      ...(to === "closed" ? {} : { completedAt: to === "done" ? at : null }),
      ...timeInStatusAt(at),
    },
  );
  const byId = new Map(updated.map((row) => [row.id, row]));
  await notifyTaskChanges(
    ctx,
    db,
    member.id,
    moving.map((before) => ({ before, after: byId.get(before.id)! })),
  );
  return rows.map((row) => byId.get(row.id) ?? row);
}

export async function changeTaskStatus(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  to: TaskStatus,
): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  if (rows[0]!.deletedAt) throw taskInTrash();
  const [saved] = await ctx.db.transaction(async (tx) => {
    const locked = await lockTasks(tx, member, [id]);
    if (locked[0]!.deletedAt) throw taskInTrash();
    return changeTaskStatuses(ctx, tx, member, locked, to);
  });
  return presentDetail(ctx, saved!);
}
