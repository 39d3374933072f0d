import { inArray, or, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { taskAttachments } from "../../db/schema/task-attachments.ts";
import { inTrashBefore } from "../../db/trash.ts";

/**
 * Deletes for good the attachments removed before `cutoff` and those of the tasks about to be purged (`ofTasks`,
 * a subquery of their ids): before the tasks, whose cascade would remove the rows without telling which files
 * to delete. Answers the storage keys of the rows deleted, whose files the caller deletes.
 */
export async function purgeExpiredAttachments(db: DbOrTx, cutoff: Date, ofTasks: SQLWrapper): Promise<string[]> {
  const purged = await db
    .delete(taskAttachments)
    .where(or(inTrashBefore(taskAttachments.deletedAt, cutoff), inArray(taskAttachments.taskId, ofTasks)))
    .returning({ storageKey: taskAttachments.storageKey });
  return purged.map((row) => row.storageKey);
}
