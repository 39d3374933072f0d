import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { taskAttachments } from "../../db/schema/task-attachments.ts";

export type TaskAttachmentRow = typeof taskAttachments.$inferSelect;

/**
 * Unscoped on purpose: an attachment's URL carries its id only, so its workspace is read here and the caller's
 * membership of that workspace is checked before anything else of it is used.
 */
export async function findAttachmentWorkspaceId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: taskAttachments.workspaceId })
    .from(taskAttachments)
    .where(eq(taskAttachments.id, id))
    .limit(1);
  return row?.workspaceId ?? null;
}

/** A live (not deleted) attachment of the workspace. */
export async function findLiveAttachment(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TaskAttachmentRow | null> {
  const query = db
    .select()
    .from(taskAttachments)
    .where(
      and(eq(taskAttachments.workspaceId, workspaceId), eq(taskAttachments.id, id), isNull(taskAttachments.deletedAt)),
    )
    .limit(1);
  const [row] = await (options.lock ? query.for("update") : query);
  return row ?? null;
}

/** The live attachments of one task, oldest first. */
export async function listLiveAttachments(db: DbOrTx, workspaceId: string, taskId: string) {
  return db
    .select()
    .from(taskAttachments)
    .where(
      and(
        eq(taskAttachments.workspaceId, workspaceId),
        eq(taskAttachments.taskId, taskId),
        isNull(taskAttachments.deletedAt),
      ),
    )
    .orderBy(asc(taskAttachments.createdAt), asc(taskAttachments.id));
}

export async function insertAttachment(db: DbOrTx, values: typeof taskAttachments.$inferInsert) {
  const [row] = await db.insert(taskAttachments).values(values).returning();
  return row!;
}

export async function markAttachmentDeleted(db: DbOrTx, workspaceId: string, id: string, at: Date): Promise<void> {
  await db
    .update(taskAttachments)
    .set({ deletedAt: at })
    .where(and(eq(taskAttachments.workspaceId, workspaceId), eq(taskAttachments.id, id)));
}
