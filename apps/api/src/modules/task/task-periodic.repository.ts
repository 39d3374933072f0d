import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { TaskRow } from "./task.repository.ts";

/** The generated rows of these series, live or trashed (a trashed one is touched: it is not made again). */
export function findOccurrences(db: DbOrTx, workspaceId: string, seriesIds: string[]): Promise<TaskRow[]> {
  if (!seriesIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        inArray(tasks.periodicSeriesId, seriesIds),
        isNotNull(tasks.occurrenceDate),
      ),
    );
}

/** The live generated rows of these series, by date. */
export async function findLiveOccurrences(db: DbOrTx, workspaceId: string, seriesIds: string[]): Promise<TaskRow[]> {
  if (!seriesIds.length) return [];
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        inArray(tasks.periodicSeriesId, seriesIds),
        isNotNull(tasks.occurrenceDate),
        isNull(tasks.deletedAt),
      ),
    )
    .orderBy(asc(tasks.occurrenceDate), asc(tasks.id));
}

/**
 * Every live task holding a rule and a series, of every workspace: unscoped on purpose, for the daily
 * re-planning (periodic-replan.job.ts), which then works one workspace at a time.
 */
export function findPeriodicTemplates(db: DbOrTx): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(isNotNull(tasks.periodicRule), isNotNull(tasks.periodicSeriesId), isNull(tasks.deletedAt)));
}
