/**
 * Who may edit a task and move its status (DOMAIN.md), for the API, which enforces them, and the web app, which
 * offers only what the API will accept. One definition: the web kept a copy of the status machine beside the
 * server's, and the two must never disagree about a button the server then refuses.
 */
import { type TaskStatus, taskStatusSchema } from "../task/task.schema.ts";

/** Who acts: their staff id in the task's workspace (null when they have none) and whether they hold view_all_tasks. */
export interface TaskActor {
  staffId: string | null;
  viewAllTasks: boolean;
}

/** The people of a task the rules look at, by staff id (a task row has these fields; the web maps its answer). */
export interface TaskParties {
  createdBy: string | null;
  assigneeId: string | null;
  managerId: string | null;
}

/** The creator, assignee, manager, or view_all_tasks edits, trashes and restores a task. */
export function canEditTask(task: TaskParties, actor: TaskActor): boolean {
  if (actor.viewAllTasks) return true;
  if (actor.staffId === null) return false;
  return [task.createdBy, task.assigneeId, task.managerId].includes(actor.staffId);
}

/**
 * Whose move a status change is: the assignee's between 未着手・進行中・完了, the manager's when it closes a done task
 * or reopens a closed one to 進行中; null for a change no one may make.
 */
export type StatusMove = "assignee" | "manager";

export function statusMoveOf(from: TaskStatus, to: TaskStatus): StatusMove | null {
  if (from === "closed" || to === "closed") {
    return (from === "done" && to === "closed") || (from === "closed" && to === "in_progress") ? "manager" : null;
  }
  return "assignee";
}

/**
 * Whether the actor may make a move: the assignee's moves belong to the assignee (to the creator and the manager
 * while there is none), the manager's to the manager; view_all_tasks (admins) may make both.
 */
export function mayMakeStatusMove(move: StatusMove, task: TaskParties, actor: TaskActor): boolean {
  if (actor.viewAllTasks) return true;
  const me = actor.staffId;
  if (me === null) return false;
  if (move === "manager") return task.managerId === me;
  return task.assigneeId ? task.assigneeId === me : [task.createdBy, task.managerId].includes(me);
}

/** The statuses the actor may move the task to, in the order of the status list. */
export function allowedStatusTargets(task: TaskParties & { status: TaskStatus }, actor: TaskActor): TaskStatus[] {
  return taskStatusSchema.options.filter((to) => {
    if (to === task.status) return false;
    const move = statusMoveOf(task.status, to);
    return move !== null && mayMakeStatusMove(move, task, actor);
  });
}
