import type { TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { v7 as uuidv7 } from "uuid";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { forbidden, notFound } from "../../lib/app-error.ts";
import { type ObjectStorage, scopedStorage } from "../../storage/object-storage.ts";
import { imageUrl } from "../image/image-url.ts";
import { memberOr404 } from "../item/item-access.ts";
import { findVisibleTasksOf, lockTasks, openTasks, type TaskRow, taskInTrash } from "../task/task-access.ts";
import { loadStaffRefs, type StaffRefRow } from "../workspace-user/staff-directory.service.ts";
import { sanitizeFileName } from "./attachment-file-name.ts";
import { makePreview } from "./attachment-preview.ts";
import { isPreviewable, sniffAttachmentType } from "./attachment-type.ts";
import {
  findAttachmentWorkspaceId,
  findLiveAttachment,
  insertAttachment,
  listLiveAttachments,
  markAttachmentDeleted,
  type TaskAttachmentRow,
} from "./task-attachment.repository.ts";

/** Attachments live in the shared store under `attachments/<workspace_id>/<id>` (and `<id>-preview`). */
export const attachmentStorage = (ctx: Pick<AppContext, "storage">): ObjectStorage =>
  scopedStorage(ctx.storage, "attachments");

export const previewKey = (storageKey: string) => `${storageKey}-preview`;

/**
 * Deletes the files (and previews) of attachment rows the trash purge deleted, inside its transaction, after the
 * rows: should the commit fail, the rows stay (hidden, past their 30 days) without their bytes and the next run
 * removes them; a file is never left without a row to find it by.
 */
export async function deletePurgedAttachmentFiles(storage: ObjectStorage, storageKeys: string[]): Promise<void> {
  const files = attachmentStorage({ storage });
  for (const storageKey of storageKeys) {
    await files.delete(storageKey);
    await files.delete(previewKey(storageKey));
  }
}

const attachmentNotFound = () => notFound("attachment");

/** Who may remove an attachment: whoever uploaded it, the task's manager, and those who see every task (admins). */
function canDelete(member: Membership, task: TaskRow, row: TaskAttachmentRow): boolean {
  return row.uploadedBy === member.id || task.managerId === member.id || member.permissions.includes("view_all_tasks");
}

function present(
  member: Membership,
  task: TaskRow,
  row: TaskAttachmentRow,
  staff: Map<string, StaffRefRow>,
): TaskAttachment {
  const uploader = row.uploadedBy ? staff.get(row.uploadedBy) : undefined;
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    task_id: row.taskId,
    comment_id: row.commentId,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    url: `/app/task-attachment/${row.id}/file`,
    preview_url: row.hasPreview ? `/app/task-attachment/${row.id}/preview` : null,
    uploaded_by: uploader
      ? {
          id: uploader.id,
          last_name: uploader.lastName,
          first_name: uploader.firstName,
          avatar_url: imageUrl(uploader.avatarImageId),
        }
      : null,
    created_at: row.createdAt.toISOString(),
    can_delete: canDelete(member, task, row),
  };
}

/**
 * The live task whose files are asked for: one the caller may not see answers 404 like an unknown one, a
 * trashed one 409 (its files come back with it).
 */
export async function openTaskForAttachments(ctx: AppContext, auth: RequestAuth, taskId: string) {
  const { member, rows } = await openTasks(ctx, auth, [taskId]);
  const task = rows[0]!;
  if (task.deletedAt) throw taskInTrash();
  return { member, task };
}

/**
 * Stores an upload. Bytes first, row second, so that a row never points at nothing; the task is re-read and
 * locked in the row's transaction (a trash racing the upload wins or waits), and a refused or failed insert
 * takes its files back.
 */
export async function storeAttachment(
  ctx: AppContext,
  opened: { member: Membership; task: TaskRow },
  upload: { fileName: string | undefined; data: Buffer },
): Promise<TaskAttachment> {
  const { member, task } = opened;
  const fileName = sanitizeFileName(upload.fileName ?? "");
  let contentType = sniffAttachmentType(upload.data, fileName);
  const preview = isPreviewable(contentType) ? await makePreview(upload.data) : null;
  // An image the decoder refuses is kept as a plain file: never served inline as something it is not.
  if (isPreviewable(contentType) && !preview) contentType = "application/octet-stream";

  const storage = attachmentStorage(ctx);
  const id = uuidv7();
  const storageKey = `${task.workspaceId}/${id}`;
  await storage.put(storageKey, upload.data);
  try {
    if (preview) await storage.put(previewKey(storageKey), preview);
    const row = await ctx.db.transaction(async (tx) => {
      const [locked] = await lockTasks(tx, member, [task.id]);
      if (locked!.deletedAt) throw taskInTrash();
      return insertAttachment(tx, {
        id,
        workspaceId: task.workspaceId,
        taskId: task.id,
        fileName,
        contentType,
        size: upload.data.length,
        hasPreview: preview !== null,
        storageKey,
        uploadedBy: member.id,
        createdAt: ctx.now(),
      });
    });
    const staff = await loadStaffRefs(ctx.db, task.workspaceId, [member.id]);
    return present(member, task, row, staff);
  } catch (error) {
    await Promise.all([storage.delete(storageKey), storage.delete(previewKey(storageKey))]).catch(() => {});
    throw error;
  }
}

export async function listAttachments(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
): Promise<{ items: TaskAttachment[] }> {
  const { member, task } = await openTaskForAttachments(ctx, auth, taskId);
  const rows = await listLiveAttachments(ctx.db, task.workspaceId, task.id);
  const uploaders = [...new Set(rows.flatMap((row) => (row.uploadedBy ? [row.uploadedBy] : [])))];
  const staff = await loadStaffRefs(ctx.db, task.workspaceId, uploaders);
  return { items: rows.map((row) => present(member, task, row, staff)) };
}

/**
 * A live attachment of a live task the caller may see. Another workspace's, a deleted one, one of a task the
 * caller may not see or of a trashed task: all the same 404.
 */
async function openAttachment(ctx: AppContext, auth: RequestAuth, id: string) {
  const workspaceId = await findAttachmentWorkspaceId(ctx.db, id);
  if (!workspaceId) throw attachmentNotFound();
  const member = await memberOr404(ctx.db, auth, workspaceId, attachmentNotFound);
  const row = await findLiveAttachment(ctx.db, workspaceId, id);
  if (!row) throw attachmentNotFound();
  const [task] = await findVisibleTasksOf(ctx.db, member, [row.taskId]);
  if (!task || task.deletedAt) throw attachmentNotFound();
  return { member, row, task };
}

export async function readAttachment(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  which: "file" | "preview",
): Promise<{ row: TaskAttachmentRow; data: Buffer }> {
  const { row } = await openAttachment(ctx, auth, id);
  if (which === "preview" && !row.hasPreview) throw attachmentNotFound();
  const key = which === "preview" ? previewKey(row.storageKey) : row.storageKey;
  const data = await attachmentStorage(ctx).get(key);
  if (!data) throw attachmentNotFound();
  return { row, data };
}

export async function deleteAttachment(ctx: AppContext, auth: RequestAuth, id: string): Promise<{ ok: true }> {
  const { member, task } = await openAttachment(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    // The task first, then the attachment: the same order as an upload, so the two never wait on each other.
    const [locked] = await lockTasks(tx, member, [task.id]);
    if (locked!.deletedAt) throw attachmentNotFound();
    const row = await findLiveAttachment(tx, task.workspaceId, id, { lock: true });
    if (!row) throw attachmentNotFound();
    if (!canDelete(member, locked!, row)) {
      throw forbidden("only the uploader, the task's manager or view_all_tasks may remove an attachment");
    }
    // The row stays hidden for the trash's 30 days; the purge removes it and its files.
    await markAttachmentDeleted(tx, task.workspaceId, id, ctx.now());
  });
  return { ok: true };
}
