import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { secondaryItems, tasks } from "../../db/schema/tasks.ts";

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

export async function insertSecondaryItemRows(
  db: DbOrTx,
  values: (typeof secondaryItems.$inferInsert)[],
): Promise<(typeof secondaryItems.$inferSelect)[]> {
  if (!values.length) return [];
  return db.insert(secondaryItems).values(values).returning();
}
