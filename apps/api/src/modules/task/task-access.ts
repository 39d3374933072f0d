import { canEditTask, type TaskActor } from "@tasuki/contract/rules/task-rules";
import { taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { memberOr404 } from "../item/item-access.ts";
import { findTaskWorkspaceIds, findVisibleTasks, lockVisibleTasks, type TaskRow } from "./task.repository.ts";

export type { TaskRow };

const taskNotFound = () => notFound("task");

/** The tasks among these ids that the member may see (the task rule), trashed ones too; no 404. */
export const findVisibleTasksOf = (db: DbOrTx, member: Membership, ids: string[]) =>
  findVisibleTasks(db, member.workspaceId, ids, taskViewerOf(member));

/** The caller as the task rules (the contract's task-rules, shared with the web app) see them. */
export const taskActorOf = (member: Membership): TaskActor => ({
  staffId: member.id,
  viewAllTasks: member.permissions.includes("view_all_tasks"),
});

/** Who may edit, delete and restore a task: its creator, assignee, manager, or view_all_tasks. */
export function requireTaskWriter(member: Membership, row: TaskRow): void {
  if (!canEditTask(row, taskActorOf(member))) {
    throw forbidden("only the task's creator, assignee, manager or view_all_tasks may change it");
  }
}

export const taskInTrash = () =>
  conflict(
    "task_in_trash",
    "このタスクはゴミ箱にあります。元に戻してから操作してください。",
    "the task is in the trash",
  );

/**
 * The tasks behind ids with the caller's membership. Ids of several workspaces, of another workspace, that
 * the caller may not see, or unknown, all answer the same 404 for the whole call.
 */
export async function openTasks(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
): Promise<{ member: Membership; rows: TaskRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findTaskWorkspaceIds(ctx.db, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw taskNotFound();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(ctx.db, auth, workspaceId!, taskNotFound);
  const rows = await findVisibleTasks(ctx.db, member.workspaceId, unique, taskViewerOf(member));
  if (rows.length !== unique.length) throw taskNotFound();
  return { member, rows };
}

/**
 * The tasks of a write re-read inside its transaction and locked until it ends (`FOR UPDATE`), in the order of
 * `ids`. `openTasks` answers the early 404 outside the transaction, but two requests at once would both judge
 * their rules on that earlier copy (two closes of one done task, a reopen racing a close): every rule of a
 * write is judged again here, on what the previous concurrent write left. `writable` re-checks the writer and
 * the trash, as the paths that change a task's fields do.
 */
export async function lockTasks(
  db: DbOrTx,
  member: Membership,
  ids: string[],
  options: { writable?: boolean } = {},
): Promise<TaskRow[]> {
  const unique = [...new Set(ids)];
  const rows = new Map(
    (await lockVisibleTasks(db, member.workspaceId, unique, taskViewerOf(member))).map((row) => [row.id, row]),
  );
  if (rows.size !== unique.length) throw taskNotFound();
  const locked = unique.map((id) => rows.get(id)!);
  if (options.writable) {
    for (const row of locked) {
      requireTaskWriter(member, row);
      if (row.deletedAt) throw taskInTrash();
    }
  }
  return locked;
}
