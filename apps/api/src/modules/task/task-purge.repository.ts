import { and, gte, isNotNull, not, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { inTrashBefore } from "../../db/trash.ts";

/**
 * Tasks in the trash since before `cutoff`. One exception: a deleted occurrence of a periodic task whose date
 * (a Tokyo date) is `today` or later stays. It is what tells the generator that a person removed that date (so
 * that it is not made again); it goes once the date passed.
 */
function expiredTasks(cutoff: Date, today: string): SQL {
  return and(
    inTrashBefore(tasks.deletedAt, cutoff),
    not(and(isNotNull(tasks.periodicSeriesId), isNotNull(tasks.occurrenceDate), gte(tasks.occurrenceDate, today))!),
  )!;
}

/** The ids of the tasks `purgeExpiredTasks` deletes, as a subquery: what refers to them goes before them. */
export function expiredTaskIds(db: DbOrTx, cutoff: Date, today: string) {
  return db.select({ id: tasks.id }).from(tasks).where(expiredTasks(cutoff, today));
}

/**
 * Deletes for good the tasks in the trash since before `cutoff` (see `expiredTasks`); their status history and
 * notifications go with them (ON DELETE CASCADE). Answers how many went.
 */
export async function purgeExpiredTasks(db: DbOrTx, cutoff: Date, today: string): Promise<number> {
  const purged = await db.delete(tasks).where(expiredTasks(cutoff, today)).returning({ id: tasks.id });
  return purged.length;
}
