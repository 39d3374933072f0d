import { and, asc, count, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { secondaryItems, tasks } from "../../db/schema/tasks.ts";

export type SecondaryItemRow = typeof secondaryItems.$inferSelect;

/**
 * Unscoped on purpose: `/app/secondary-item/{id}` names no workspace, so the item's workspace is read here and
 * the caller's membership of it is checked before anything else of the item is read.
 */
export async function findSecondaryItemWorkspaceIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: secondaryItems.id, workspaceId: secondaryItems.workspaceId })
    .from(secondaryItems)
    .where(inArray(secondaryItems.id, ids));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}

/**
 * With `lock` (inside a transaction) the rows are held until it ends: `update` by a write that re-checks them
 * (trash, parent) on what a concurrent write left, `share` by one that places rows under them (a trash waits).
 */
export async function findSecondaryItems(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  lock?: "update" | "share",
): Promise<SecondaryItemRow[]> {
  if (!ids.length) return [];
  const query = db
    .select()
    .from(secondaryItems)
    .where(and(eq(secondaryItems.workspaceId, workspaceId), inArray(secondaryItems.id, ids)))
    .orderBy(asc(secondaryItems.id));
  return lock ? query.for(lock) : query;
}

export async function listSecondaryItems(
  db: DbOrTx,
  workspaceId: string,
  filter: { primaryItemId: string; trash: boolean; limit: number; offset: number },
): Promise<{ rows: SecondaryItemRow[]; total: number }> {
  const where = and(
    eq(secondaryItems.workspaceId, workspaceId),
    eq(secondaryItems.primaryItemId, filter.primaryItemId),
    filter.trash ? isNotNull(secondaryItems.deletedAt) : isNull(secondaryItems.deletedAt),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(secondaryItems)
      .where(where)
      .orderBy(asc(secondaryItems.position), asc(secondaryItems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(secondaryItems).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listSecondaryItemNames(
  db: DbOrTx,
  workspaceId: string,
  primaryItemId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: secondaryItems.id, name: secondaryItems.name })
    .from(secondaryItems)
    .where(
      and(
        eq(secondaryItems.workspaceId, workspaceId),
        eq(secondaryItems.primaryItemId, primaryItemId),
        isNull(secondaryItems.deletedAt),
      ),
    )
    .orderBy(asc(secondaryItems.position), asc(secondaryItems.id))
    .limit(2000);
}

export async function insertSecondaryItem(
  db: DbOrTx,
  values: typeof secondaryItems.$inferInsert,
): Promise<SecondaryItemRow> {
  const [row] = await db.insert(secondaryItems).values(values).returning();
  return row!;
}

export async function updateSecondaryItem(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof secondaryItems.$inferInsert>,
): Promise<SecondaryItemRow | null> {
  const [row] = await db
    .update(secondaryItems)
    .set(values)
    .where(and(eq(secondaryItems.workspaceId, workspaceId), eq(secondaryItems.id, id)))
    .returning();
  return row ?? null;
}

export async function lastSecondaryItemPosition(
  db: DbOrTx,
  workspaceId: string,
  primaryItemId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ last: max(secondaryItems.position) })
    .from(secondaryItems)
    .where(and(eq(secondaryItems.workspaceId, workspaceId), eq(secondaryItems.primaryItemId, primaryItemId)));
  return row?.last ?? null;
}

export async function renumberSecondaryItems(db: DbOrTx, workspaceId: string, primaryItemId: string): Promise<void> {
  await db.execute(sql`
    update ${secondaryItems} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${secondaryItems} where workspace_id = ${workspaceId} and primary_item_id = ${primaryItemId}
    ) as ranked
    where ${secondaryItems.id} = ranked.id and ${secondaryItems.workspaceId} = ${workspaceId}`);
}

/** Trashes live secondary items with their live tasks under one batch id. */
export async function trashSecondaryItemTrees(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  batch: string,
  at: Date,
): Promise<void> {
  const trashed = { deletedAt: at, deletedBatch: batch };
  await db
    .update(secondaryItems)
    .set(trashed)
    .where(
      and(
        eq(secondaryItems.workspaceId, workspaceId),
        inArray(secondaryItems.id, ids),
        isNull(secondaryItems.deletedAt),
      ),
    );
  await db
    .update(tasks)
    .set(trashed)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.secondaryItemId, ids), isNull(tasks.deletedAt)));
}
