import { and, asc, count, eq, inArray, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";

export type PrimaryItemRow = typeof primaryItems.$inferSelect;

/**
 * Unscoped on purpose: `/app/primary-item/{id}` names no workspace, so the item's workspace is read here and
 * the caller's membership of it is checked before anything else of the item is read.
 */
export async function findPrimaryItemWorkspaceIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: primaryItems.id, workspaceId: primaryItems.workspaceId })
    .from(primaryItems)
    .where(inArray(primaryItems.id, ids));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}

/**
 * With `lock` (inside a transaction) the rows are held until it ends: `update` by a write that re-checks them
 * (trash, parent) on what a concurrent write left, `share` by one that places rows under them (a trash waits).
 */
export async function findPrimaryItems(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  lock?: "update" | "share",
): Promise<PrimaryItemRow[]> {
  if (!ids.length) return [];
  const query = db
    .select()
    .from(primaryItems)
    .where(and(eq(primaryItems.workspaceId, workspaceId), inArray(primaryItems.id, ids)))
    .orderBy(asc(primaryItems.id));
  return lock ? query.for(lock) : query;
}

export async function listPrimaryItems(
  db: DbOrTx,
  workspaceId: string,
  filter: { projectId: string; trash: boolean; limit: number; offset: number },
): Promise<{ rows: PrimaryItemRow[]; total: number }> {
  const where = and(
    eq(primaryItems.workspaceId, workspaceId),
    eq(primaryItems.projectId, filter.projectId),
    filter.trash ? isNotNull(primaryItems.deletedAt) : isNull(primaryItems.deletedAt),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(primaryItems)
      .where(where)
      .orderBy(asc(primaryItems.position), asc(primaryItems.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(primaryItems).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listPrimaryItemNames(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: primaryItems.id, name: primaryItems.name })
    .from(primaryItems)
    .where(
      and(
        eq(primaryItems.workspaceId, workspaceId),
        eq(primaryItems.projectId, projectId),
        isNull(primaryItems.deletedAt),
      ),
    )
    .orderBy(asc(primaryItems.position), asc(primaryItems.id))
    .limit(2000);
}

export async function insertPrimaryItem(db: DbOrTx, values: typeof primaryItems.$inferInsert): Promise<PrimaryItemRow> {
  const [row] = await db.insert(primaryItems).values(values).returning();
  return row!;
}

export async function updatePrimaryItem(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof primaryItems.$inferInsert>,
): Promise<PrimaryItemRow | null> {
  const [row] = await db
    .update(primaryItems)
    .set(values)
    .where(and(eq(primaryItems.workspaceId, workspaceId), eq(primaryItems.id, id)))
    .returning();
  return row ?? null;
}

/** The last position among the items of one project (trash included, so a restored item keeps its place). */
export async function lastPrimaryItemPosition(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ last: max(primaryItems.position) })
    .from(primaryItems)
    .where(and(eq(primaryItems.workspaceId, workspaceId), eq(primaryItems.projectId, projectId)));
  return row?.last ?? null;
}

export async function renumberPrimaryItems(db: DbOrTx, workspaceId: string, projectId: string): Promise<void> {
  await db.execute(sql`
    update ${primaryItems} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${primaryItems} where workspace_id = ${workspaceId} and project_id = ${projectId}
    ) as ranked
    where ${primaryItems.id} = ranked.id and ${primaryItems.workspaceId} = ${workspaceId}`);
}

/**
 * Trashes live items with their live secondary items and tasks, all under one batch id, so that a restore
 * brings back exactly what this delete hid (a child trashed earlier on its own stays in the trash).
 */
export async function trashPrimaryItemTrees(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  batch: string,
  at: Date,
): Promise<void> {
  const trashed = { deletedAt: at, deletedBatch: batch };
  await db
    .update(primaryItems)
    .set(trashed)
    .where(
      and(eq(primaryItems.workspaceId, workspaceId), inArray(primaryItems.id, ids), isNull(primaryItems.deletedAt)),
    );
  const children = await db
    .update(secondaryItems)
    .set(trashed)
    .where(
      and(
        eq(secondaryItems.workspaceId, workspaceId),
        inArray(secondaryItems.primaryItemId, ids),
        isNull(secondaryItems.deletedAt),
      ),
    )
    .returning({ id: secondaryItems.id });
  const childIds = children.map((row) => row.id);
  await db
    .update(tasks)
    .set(trashed)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        isNull(tasks.deletedAt),
        or(inArray(tasks.primaryItemId, ids), childIds.length ? inArray(tasks.secondaryItemId, childIds) : undefined),
      ),
    );
}

/** Brings back every row of the three tables trashed by these batches. */
export async function restoreBatches(db: DbOrTx, workspaceId: string, batches: string[]): Promise<void> {
  if (!batches.length) return;
  const live = { deletedAt: null, deletedBatch: null };
  await db
    .update(primaryItems)
    .set(live)
    .where(and(eq(primaryItems.workspaceId, workspaceId), inArray(primaryItems.deletedBatch, batches)));
  await db
    .update(secondaryItems)
    .set(live)
    .where(and(eq(secondaryItems.workspaceId, workspaceId), inArray(secondaryItems.deletedBatch, batches)));
  await db
    .update(tasks)
    .set(live)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.deletedBatch, batches)));
}
