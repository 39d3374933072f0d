import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { and, type Column, eq, gte, inArray, isNotNull, lt, not, notExists, or, sql } from "drizzle-orm";
import type { AppContext } from "../context/app-context.ts";
import type { Db } from "../db/client.ts";
import { meetings } from "../db/schema/meetings.ts";
import { taskAttachments } from "../db/schema/task-attachments.ts";
import { primaryItems, secondaryItems, tasks } from "../db/schema/tasks.ts";
import { projects } from "../db/schema/workspaces.ts";
import { attachmentStorage, previewKey } from "../modules/task-attachment/task-attachment.service.ts";
import type { ObjectStorage } from "../storage/object-storage.ts";

/** How long a deleted row stays restorable in the trash (DOMAIN.md: default 30 days). */
export const TRASH_RETENTION_DAYS = 30;

export interface PurgeCounts {
  tasks: number;
  attachments: number;
  secondaryItems: number;
  primaryItems: number;
  projects: number;
  meetings: number;
}

/**
 * Deletes for good every task, secondary item, primary item, project and meeting that went to the trash more than
 * 30 days before `now`, in one transaction. Children go first, and a parent goes only when nothing refers
 * to it any more: a row deleted later than its parent (still restorable), or restored on its own, keeps the
 * parent, which is purged by a later run once that row is gone. Status history and notifications of a task
 * go with it (ON DELETE CASCADE). Running it twice changes nothing the second time.
 *
 * Attachments go with their task, and a removed attachment 30 days after its removal: rows and files. The files
 * are deleted inside the transaction, after their rows: should the commit fail, the rows stay (hidden, past
 * their 30 days) without their bytes and the next run removes them; a file is never left without a row to
 * find it by.
 *
 * One exception: a deleted occurrence of a periodic task whose date is still to come stays. It is what tells
 * the generator that a person removed that date (so that it is not made again); it goes once the date passed.
 */
export async function purgeTrash(db: Db, storage: ObjectStorage, now: Date): Promise<PurgeCounts> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const today = tokyoDate(now);
  const expired = (column: Column) => and(isNotNull(column), lt(column, cutoff));
  const taskExpired = and(
    expired(tasks.deletedAt),
    not(and(isNotNull(tasks.periodicSeriesId), isNotNull(tasks.occurrenceDate), gte(tasks.occurrenceDate, today))!),
  );
  return db.transaction(async (tx) => {
    // Before the tasks: their cascade would remove the rows without telling which files to delete.
    const purgedAttachments = await tx
      .delete(taskAttachments)
      .where(
        or(
          expired(taskAttachments.deletedAt),
          inArray(taskAttachments.taskId, tx.select({ id: tasks.id }).from(tasks).where(taskExpired)),
        ),
      )
      .returning({ storageKey: taskAttachments.storageKey });
    const purgedTasks = await tx.delete(tasks).where(taskExpired).returning({ id: tasks.id });
    const purgedSecondary = await tx
      .delete(secondaryItems)
      .where(
        and(
          expired(secondaryItems.deletedAt),
          notExists(tx.select({ one: sql`1` }).from(tasks).where(eq(tasks.secondaryItemId, secondaryItems.id))),
        ),
      )
      .returning({ id: secondaryItems.id });
    const purgedPrimary = await tx
      .delete(primaryItems)
      .where(
        and(
          expired(primaryItems.deletedAt),
          notExists(tx.select({ one: sql`1` }).from(tasks).where(eq(tasks.primaryItemId, primaryItems.id))),
          notExists(
            tx.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.primaryItemId, primaryItems.id)),
          ),
        ),
      )
      .returning({ id: primaryItems.id });
    const purgedProjects = await tx
      .delete(projects)
      .where(
        and(
          expired(projects.deletedAt),
          notExists(tx.select({ one: sql`1` }).from(tasks).where(eq(tasks.projectId, projects.id))),
          notExists(tx.select({ one: sql`1` }).from(primaryItems).where(eq(primaryItems.projectId, projects.id))),
          notExists(tx.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.projectId, projects.id))),
        ),
      )
      .returning({ id: projects.id });
    // A meeting goes with its agenda gone; its action items stay as tasks (meeting_id is set null).
    const purgedMeetings = await tx
      .delete(meetings)
      .where(
        and(
          expired(meetings.deletedAt),
          notExists(tx.select({ one: sql`1` }).from(primaryItems).where(eq(primaryItems.meetingId, meetings.id))),
          notExists(tx.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.meetingId, meetings.id))),
        ),
      )
      .returning({ id: meetings.id });
    const files = attachmentStorage({ storage });
    for (const { storageKey } of purgedAttachments) {
      await files.delete(storageKey);
      await files.delete(previewKey(storageKey));
    }
    return {
      tasks: purgedTasks.length,
      attachments: purgedAttachments.length,
      secondaryItems: purgedSecondary.length,
      primaryItems: purgedPrimary.length,
      projects: purgedProjects.length,
      meetings: purgedMeetings.length,
    };
  });
}

/** Daily at 03:00 Asia/Tokyo (register-jobs.ts); the cut-off is computed from ctx.now when it runs. */
export function defineTrashPurgeJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "trash-purge",
    retry: { limit: 3, delaySeconds: 300 },
    handle: () => purgeTrash(ctx.db, ctx.storage, ctx.now()),
  });
}
