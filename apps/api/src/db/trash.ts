import { and, type Column, isNotNull, lt, type SQL } from "drizzle-orm";

/**
 * A row whose `deleted_at` column is set and earlier than `cutoff`: it has been in the trash long enough to be
 * deleted for good (the trash purge, compose-jobs.ts, asks each module to purge its own rows with it).
 */
export const inTrashBefore = (column: Column, cutoff: Date): SQL => and(isNotNull(column), lt(column, cutoff))!;
