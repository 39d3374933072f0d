import { cutText } from "@tasuki/contract/common/cut-text";
import type { TaskComment, TaskWatchers } from "@tasuki/contract/task-comment/task-comment.schema";
import { findTaskAudience } from "../../access/access.repository.ts";
import { taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { CommentMentions } from "../../db/schema/task-comments.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { badRequest, forbidden, notFound } from "../../lib/app-error.ts";
import { imageUrl } from "../image/image-url.ts";
import { notifyTaskComment } from "../notification/notification.service.ts";
import { lockTasks, openTasks, type TaskRow, taskInTrash } from "../task/task-access.ts";
import { loadStaffRefs, type StaffRefRow } from "../workspace-user/staff-directory.service.ts";
import { commentText, labelMentions, sanitizeComment } from "./sanitize-comment.ts";
import {
  addWatcher,
  findGroupMemberIds,
  findGroupNames,
  findNames,
  findStaffMemberships,
  insertComment,
  listComments,
  listWatcherIds,
  lockComment,
  removeWatcher,
  type TaskCommentRow,
  updateComment,
} from "./task-comment.repository.ts";

/** The latest comments a task shows; older ones stay in the database (a task is not a chat room). */
export const COMMENT_LIMIT = 1000;
const EXCERPT_LENGTH = 80;

const commentNotFound = () => notFound("comment");

export const staffRef = (row: StaffRefRow | undefined) =>
  row
    ? { id: row.id, last_name: row.lastName, first_name: row.firstName, avatar_url: imageUrl(row.avatarImageId) }
    : null;

/** Deleting someone else's comment is moderation: the workspace's owner and admins (decision 0021). */
const moderates = (member: Membership) => member.role === "owner" || member.role === "admin";

/**
 * Which of these staff members may see the task now: active staff of its workspace, by the task list's rule
 * (view_all_tasks sees it; the others through findTaskAudience), in at most three queries.
 */
export async function staffWhoMaySee(db: DbOrTx, task: TaskRow, staffIds: string[]): Promise<Set<string>> {
  const memberships = await findStaffMemberships(db, task.workspaceId, staffIds);
  const seeing = new Set<string>();
  const viewers: { kind: "guest" | "member"; staffId: string }[] = [];
  for (const staff of memberships.values()) {
    if (staff.status !== "active") continue;
    const viewer = taskViewerOf(staff);
    if (viewer.kind === "all") seeing.add(staff.id);
    else viewers.push(viewer);
  }
  if (viewers.length) {
    const pairs = await findTaskAudience(db, task.workspaceId, viewers, [task.id], []);
    for (const viewer of viewers) if (pairs.has(`${viewer.staffId}:${task.id}`)) seeing.add(viewer.staffId);
  }
  return seeing;
}

/** Sanitised, with every mention checked against the workspace and labelled with the current name. */
async function prepareBody(db: DbOrTx, workspaceId: string, body: string) {
  const { html, claimed } = sanitizeComment(body);
  const [staff, groups] = await Promise.all([
    findStaffMemberships(db, workspaceId, claimed.staff),
    findGroupNames(db, workspaceId, claimed.groups),
  ]);
  const staffNames = new Map(
    [...staff.values()].map((person) => [person.id, `${person.lastName}\u3000${person.firstName}`]),
  );
  const labelled = labelMentions(html, { staff: staffNames, groups });
  const text = commentText(labelled.html);
  if (!text) {
    throw badRequest("comment_empty", "コメントを入力してください。", "the comment has no text once sanitised");
  }
  return { ...labelled, text };
}

export async function presentComments(
  db: DbOrTx,
  member: Membership,
  task: TaskRow,
  rows: TaskCommentRow[],
): Promise<TaskComment[]> {
  const staffIds = rows.flatMap((row) => [...(row.authorId ? [row.authorId] : []), ...row.mentions.staff]);
  const groupIds = [...new Set(rows.flatMap((row) => row.mentions.groups))];
  const [staff, names] = await Promise.all([
    loadStaffRefs(db, task.workspaceId, staffIds),
    findNames(db, task.workspaceId, { groups: groupIds, projects: [], meetings: [] }),
  ]);
  const writable = !task.deletedAt;
  return rows.map((row) => ({
    id: row.id,
    task_id: row.taskId,
    author: row.authorId ? staffRef(staff.get(row.authorId)) : null,
    body: row.body,
    mentions: {
      staff: row.mentions.staff.flatMap((id) => {
        const ref = staffRef(staff.get(id));
        return ref ? [ref] : [];
      }),
      groups: row.mentions.groups.flatMap((id) => {
        const name = names.groups.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    },
    can_edit: writable && !row.deletedAt && row.authorId === member.id,
    can_delete: writable && !row.deletedAt && (row.authorId === member.id || moderates(member)),
    edited_at: row.editedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function listTaskComments(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
): Promise<{ items: TaskComment[] }> {
  const { member, rows } = await openTasks(ctx, auth, [taskId]);
  const task = rows[0]!;
  const comments = await listComments(ctx.db, task.workspaceId, task.id, { withDeleted: false, limit: COMMENT_LIMIT });
  return { items: await presentComments(ctx.db, member, task, comments) };
}

/** Everyone a mention reaches: the people named and the direct members of the groups named. */
async function reachOf(db: DbOrTx, workspaceId: string, mentions: CommentMentions): Promise<Set<string>> {
  return new Set([...mentions.staff, ...(await findGroupMemberIds(db, workspaceId, mentions.groups))]);
}

/**
 * Who hears of a comment: those mentioned (directly or through a group) are told they were mentioned; the
 * assignee, the manager and the watchers that the comment was written. Never the author, and nobody who may
 * not see the task: a mention of such a person tells nobody, and the answer is the same either way.
 */
async function noticesFor(
  tx: DbOrTx,
  task: TaskRow,
  authorId: string,
  mentioned: Set<string>,
  followers: string[],
): Promise<{ recipientId: string; kind: "task_commented" | "task_mentioned" }[]> {
  const kinds = new Map<string, "task_commented" | "task_mentioned">();
  for (const id of mentioned) kinds.set(id, "task_mentioned");
  for (const id of followers) if (!kinds.has(id)) kinds.set(id, "task_commented");
  kinds.delete(authorId);
  if (!kinds.size) return [];
  const seeing = await staffWhoMaySee(tx, task, [...kinds.keys()]);
  return [...kinds].filter(([id]) => seeing.has(id)).map(([recipientId, kind]) => ({ recipientId, kind }));
}

export async function createTaskComment(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
  body: string,
): Promise<TaskComment> {
  const { member } = await openTasks(ctx, auth, [taskId]);
  const prepared = await prepareBody(ctx.db, member.workspaceId, body);
  const { row, task } = await ctx.db.transaction(async (tx) => {
    // Seen again and locked inside the transaction: a task trashed or taken out of sight meanwhile refuses.
    const [task] = await lockTasks(tx, member, [taskId]);
    if (task!.deletedAt) throw taskInTrash();
    const row = await insertComment(tx, {
      workspaceId: task!.workspaceId,
      taskId: task!.id,
      authorId: member.id,
      body: prepared.html,
      createdAt: ctx.now(),
      mentions: prepared.mentions,
    });
    // Whoever comments follows the conversation from then on (as in Asana and Backlog).
    await addWatcher(tx, task!.workspaceId, task!.id, member.id);
    const watchers = await listWatcherIds(tx, task!.workspaceId, task!.id);
    const followers = [task!.assigneeId, task!.managerId, ...watchers].filter((id): id is string => id !== null);
    const notices = await noticesFor(
      tx,
      task!,
      member.id,
      await reachOf(tx, task!.workspaceId, prepared.mentions),
      followers,
    );
    await notifyTaskComment(ctx, tx, member.id, task!, notices, cutText(prepared.text, EXCERPT_LENGTH));
    return { row, task: task! };
  });
  return (await presentComments(ctx.db, member, task, [row]))[0]!;
}

export async function updateTaskComment(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
  commentId: string,
  body: string,
): Promise<TaskComment> {
  const { member } = await openTasks(ctx, auth, [taskId]);
  const prepared = await prepareBody(ctx.db, member.workspaceId, body);
  const { row, task } = await ctx.db.transaction(async (tx) => {
    const [task] = await lockTasks(tx, member, [taskId]);
    const current = await lockComment(tx, task!.workspaceId, task!.id, commentId);
    if (!current) throw commentNotFound();
    if (current.authorId !== member.id)
      throw forbidden("only the author may edit a comment", "コメントを編集できるのは投稿した本人だけです。");
    if (task!.deletedAt) throw taskInTrash();
    const row = await updateComment(tx, current.id, {
      body: prepared.html,
      mentions: prepared.mentions,
      editedAt: ctx.now(),
    });
    // Only those the edit newly mentions hear of it; the others were told when the comment was posted.
    const before = await reachOf(tx, task!.workspaceId, current.mentions);
    const added = new Set(
      [...(await reachOf(tx, task!.workspaceId, prepared.mentions))].filter((id) => !before.has(id)),
    );
    const notices = await noticesFor(tx, task!, member.id, added, []);
    await notifyTaskComment(ctx, tx, member.id, task!, notices, cutText(prepared.text, EXCERPT_LENGTH));
    return { row, task: task! };
  });
  return (await presentComments(ctx.db, member, task, [row]))[0]!;
}

export async function deleteTaskComment(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
  commentId: string,
): Promise<{ ok: true }> {
  const { member } = await openTasks(ctx, auth, [taskId]);
  await ctx.db.transaction(async (tx) => {
    const [task] = await lockTasks(tx, member, [taskId]);
    const current = await lockComment(tx, task!.workspaceId, task!.id, commentId);
    if (!current) throw commentNotFound();
    if (current.authorId !== member.id && !moderates(member)) {
      throw forbidden(
        "only the author, an owner or an admin may delete a comment",
        "このコメントを削除できるのは、投稿した本人とオーナー・管理者だけです。",
      );
    }
    if (task!.deletedAt) throw taskInTrash();
    // The text goes; the row stays so that the timeline can say a comment was deleted.
    await updateComment(tx, current.id, { body: "", mentions: { staff: [], groups: [] }, deletedAt: ctx.now() });
  });
  return { ok: true };
}

async function presentWatchers(db: DbOrTx, member: Membership, task: TaskRow): Promise<TaskWatchers> {
  const ids = await listWatcherIds(db, task.workspaceId, task.id);
  // A watcher who can no longer see the task (moved, suspended) is neither shown nor told anything.
  const seeing = await staffWhoMaySee(db, task, ids);
  const visible = ids.filter((id) => seeing.has(id));
  const staff = await loadStaffRefs(db, task.workspaceId, visible);
  return {
    items: visible.flatMap((id) => {
      const ref = staffRef(staff.get(id));
      return ref ? [ref] : [];
    }),
    watching: visible.includes(member.id),
  };
}

export async function listTaskWatchers(ctx: AppContext, auth: RequestAuth, taskId: string): Promise<TaskWatchers> {
  const { member, rows } = await openTasks(ctx, auth, [taskId]);
  return presentWatchers(ctx.db, member, rows[0]!);
}

export async function setTaskWatching(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
  watching: boolean,
): Promise<TaskWatchers> {
  const { member } = await openTasks(ctx, auth, [taskId]);
  const task = await ctx.db.transaction(async (tx) => {
    const [task] = await lockTasks(tx, member, [taskId]);
    if (watching) await addWatcher(tx, task!.workspaceId, task!.id, member.id);
    else await removeWatcher(tx, task!.workspaceId, task!.id, member.id);
    return task!;
  });
  return presentWatchers(ctx.db, member, task);
}
