import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";

/** The live secondary items under these primary items, in their order. */
export async function findLiveSecondaryItemsUnder(
  db: DbOrTx,
  workspaceId: string,
  primaryItemIds: string[],
): Promise<(typeof secondaryItems.$inferSelect)[]> {
  if (!primaryItemIds.length) return [];
  return db
    .select()
    .from(secondaryItems)
    .where(
      and(
        eq(secondaryItems.workspaceId, workspaceId),
        inArray(secondaryItems.primaryItemId, primaryItemIds),
        isNull(secondaryItems.deletedAt),
      ),
    );
}

/** The live tasks hanging under these items (directly, or under one of the secondary items). */
export async function findLiveTasksUnder(
  db: DbOrTx,
  workspaceId: string,
  under: { primaryItemIds: string[]; secondaryItemIds: string[] },
): Promise<(typeof tasks.$inferSelect)[]> {
  const parents = [
    under.primaryItemIds.length ? inArray(tasks.primaryItemId, under.primaryItemIds) : undefined,
    under.secondaryItemIds.length ? inArray(tasks.secondaryItemId, under.secondaryItemIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (!parents.length) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), isNull(tasks.deletedAt), or(...parents)));
}

/**
 * Copies of tasks under copied items. The item module writes its trees' tasks itself, as trashing and restoring a
 * tree does (item.repository.ts): the task module stands on this one (a task is placed under items).
 */
export async function insertTaskCopies(
  db: DbOrTx,
  values: (typeof tasks.$inferInsert)[],
): Promise<(typeof tasks.$inferSelect)[]> {
  if (!values.length) return [];
  return db.insert(tasks).values(values).returning();
}

export async function insertSecondaryItemRows(
  db: DbOrTx,
  values: (typeof secondaryItems.$inferInsert)[],
): Promise<(typeof secondaryItems.$inferSelect)[]> {
  if (!values.length) return [];
  return db.insert(secondaryItems).values(values).returning();
}

/** A meeting's live agenda items (大項目) not marked 済, in their order. */
export async function findOpenAgendaItems(db: DbOrTx, workspaceId: string, meetingId: string) {
  return db
    .select()
    .from(primaryItems)
    .where(
      and(
        eq(primaryItems.workspaceId, workspaceId),
        eq(primaryItems.meetingId, meetingId),
        isNull(primaryItems.deletedAt),
        eq(primaryItems.done, false),
      ),
    )
    .orderBy(asc(primaryItems.position));
}

/** The items a meeting's agenda was carried from (trashed copies included: an item is carried once). */
export async function findCarriedFromIds(db: DbOrTx, workspaceId: string, meetingId: string): Promise<Set<string>> {
  const rows = await db
    .select({ from: primaryItems.carriedFromId })
    .from(primaryItems)
    .where(and(eq(primaryItems.workspaceId, workspaceId), eq(primaryItems.meetingId, meetingId)));
  return new Set(rows.map((row) => row.from).filter((id): id is string => id !== null));
}
