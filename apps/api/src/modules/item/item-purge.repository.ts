import { and, eq, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { inTrashBefore } from "../../db/trash.ts";

/*
 * An item in the trash since before the cut-off goes for good only when nothing refers to it any more: a task
 * deleted later than its item (still restorable), or restored on its own, keeps the item, which a later purge
 * takes once that task is gone. The trash purge (compose-jobs.ts) calls these after the tasks' purge.
 */

/** Deletes for good the secondary items in the trash since before `cutoff` that no task refers to. */
export async function purgeExpiredSecondaryItems(db: DbOrTx, cutoff: Date): Promise<number> {
  const purged = await db
    .delete(secondaryItems)
    .where(
      and(
        inTrashBefore(secondaryItems.deletedAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(tasks).where(eq(tasks.secondaryItemId, secondaryItems.id))),
      ),
    )
    .returning({ id: secondaryItems.id });
  return purged.length;
}

/** Deletes for good the primary items in the trash since before `cutoff` that no task or secondary item refers to. */
export async function purgeExpiredPrimaryItems(db: DbOrTx, cutoff: Date): Promise<number> {
  const purged = await db
    .delete(primaryItems)
    .where(
      and(
        inTrashBefore(primaryItems.deletedAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(tasks).where(eq(tasks.primaryItemId, primaryItems.id))),
        notExists(
          db.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.primaryItemId, primaryItems.id)),
        ),
      ),
    )
    .returning({ id: primaryItems.id });
  return purged.length;
}
