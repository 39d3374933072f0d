import { and, asc, count, eq, inArray, isNotNull, isNull, max, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { projects } from "../../db/schema/workspaces.ts";

/** 大項目 or 中項目: the two levels of the work breakdown share one shape and one set of rules. */
export type ItemLevel = "primary" | "secondary";

export type PrimaryItemRow = typeof primaryItems.$inferSelect;
export type SecondaryItemRow = typeof secondaryItems.$inferSelect;
/** A row of either level; `primaryItemId` is the secondary level's parent, absent on the primary level. */
export type ItemRow = PrimaryItemRow & { primaryItemId?: string };

/** The list an item is ordered within: a project's or meeting's primary items, or a primary item's secondary ones. */
export type ItemList =
  | { level: "primary"; projectId: string | null; meetingId: string | null }
  | { level: "secondary"; primaryItemId: string };

/** The columns both tables share, typed once (the secondary table has every column of the primary one). */
const tableOf = (level: ItemLevel) =>
  (level === "primary" ? primaryItems : secondaryItems) as unknown as typeof primaryItems;

export const listOf = (level: ItemLevel, row: ItemRow): ItemList =>
  level === "primary"
    ? { level, projectId: row.projectId, meetingId: row.meetingId }
    : { level, primaryItemId: row.primaryItemId! };

function inList(workspaceId: string, list: ItemList): SQL {
  if (list.level === "secondary") {
    return and(eq(secondaryItems.workspaceId, workspaceId), eq(secondaryItems.primaryItemId, list.primaryItemId))!;
  }
  return and(
    eq(primaryItems.workspaceId, workspaceId),
    list.projectId ? eq(primaryItems.projectId, list.projectId) : eq(primaryItems.meetingId, list.meetingId!),
  )!;
}

/**
 * Unscoped on purpose: `/app/primary-item/{id}` names no workspace, so the item's workspace is read here and
 * the caller's membership of it is checked before anything else of the item is read.
 */
export async function findItemWorkspaceIds(db: DbOrTx, level: ItemLevel, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const table = tableOf(level);
  const rows = await db
    .select({ id: table.id, workspaceId: table.workspaceId })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}

/**
 * With `lock` (inside a transaction) the rows are held until it ends: `update` by a write that re-checks them
 * (trash, parent) on what a concurrent write left, `share` by one that places rows under them (a trash waits).
 */
export async function findItems(
  db: DbOrTx,
  level: ItemLevel,
  workspaceId: string,
  ids: string[],
  lock?: "update" | "share",
): Promise<ItemRow[]> {
  if (!ids.length) return [];
  const table = tableOf(level);
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, ids)))
    .orderBy(asc(table.id));
  return lock ? query.for(lock) : query;
}

export async function listItems(
  db: DbOrTx,
  workspaceId: string,
  list: ItemList,
  filter: { trash: boolean; limit: number; offset: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const table = tableOf(list.level);
  const where = and(inList(workspaceId, list), filter.trash ? isNotNull(table.deletedAt) : isNull(table.deletedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(asc(table.position), asc(table.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listItemNames(
  db: DbOrTx,
  workspaceId: string,
  list: ItemList,
): Promise<{ id: string; name: string }[]> {
  const table = tableOf(list.level);
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(inList(workspaceId, list), isNull(table.deletedAt)))
    .orderBy(asc(table.position), asc(table.id))
    .limit(2000);
}

export async function insertItems(
  db: DbOrTx,
  level: ItemLevel,
  values: (typeof secondaryItems.$inferInsert | typeof primaryItems.$inferInsert)[],
): Promise<ItemRow[]> {
  if (!values.length) return [];
  return db
    .insert(tableOf(level))
    .values(values as (typeof primaryItems.$inferInsert)[])
    .returning();
}

export async function updateItem(
  db: DbOrTx,
  level: ItemLevel,
  workspaceId: string,
  id: string,
  values: Partial<typeof primaryItems.$inferInsert>,
): Promise<ItemRow | null> {
  const table = tableOf(level);
  const [row] = await db
    .update(table)
    .set(values)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)))
    .returning();
  return row ?? null;
}

/** The last position of a list (trash included, so a restored item keeps its place). */
export async function lastItemPosition(db: DbOrTx, workspaceId: string, list: ItemList): Promise<number | null> {
  const table = tableOf(list.level);
  const [row] = await db
    .select({ last: max(table.position) })
    .from(table)
    .where(inList(workspaceId, list));
  return row?.last ?? null;
}

/** Positions of these items that are in the list (a neighbour elsewhere is left out). */
export async function itemPositions(
  db: DbOrTx,
  workspaceId: string,
  list: ItemList,
  ids: string[],
): Promise<Map<string, number>> {
  const table = tableOf(list.level);
  const rows = await db
    .select({ id: table.id, position: table.position })
    .from(table)
    .where(and(inList(workspaceId, list), inArray(table.id, ids)));
  return new Map(rows.map((row) => [row.id, row.position]));
}

export async function renumberItems(db: DbOrTx, workspaceId: string, list: ItemList): Promise<void> {
  const table = tableOf(list.level);
  await db.execute(sql`
    update ${table} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${table} where ${inList(workspaceId, list)}
    ) as ranked
    where ${table.id} = ranked.id and ${table.workspaceId} = ${workspaceId}`);
}

/**
 * Trashes live items with their live children (a primary item's secondary items, and tasks under either),
 * all under one batch id, so that a restore brings back exactly what this delete hid (a child trashed earlier
 * on its own stays in the trash).
 */
export async function trashItemTrees(
  db: DbOrTx,
  level: ItemLevel,
  workspaceId: string,
  ids: string[],
  batch: string,
  at: Date,
): Promise<void> {
  const trashed = { deletedAt: at, deletedBatch: batch };
  const table = tableOf(level);
  await db
    .update(table)
    .set(trashed)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, ids), isNull(table.deletedAt)));
  let secondaryIds = level === "secondary" ? ids : [];
  if (level === "primary") {
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
    secondaryIds = children.map((row) => row.id);
  }
  await db
    .update(tasks)
    .set(trashed)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        isNull(tasks.deletedAt),
        or(
          level === "primary" ? inArray(tasks.primaryItemId, ids) : undefined,
          secondaryIds.length ? inArray(tasks.secondaryItemId, secondaryIds) : undefined,
        ),
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

/**
 * The projects and meetings among these that are in the trash, for the placement rule (item-access.ts): nothing is
 * created, moved or copied under a trashed parent. Read here beside the items they hold; both scoped by workspace.
 */
export async function findTrashedParentIds(
  db: DbOrTx,
  workspaceId: string,
  projectIds: string[],
  meetingIds: string[],
): Promise<Set<string>> {
  const trashed = new Set<string>();
  if (projectIds.length) {
    const rows = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(eq(projects.workspaceId, workspaceId), inArray(projects.id, projectIds), isNotNull(projects.deletedAt)),
      );
    for (const row of rows) trashed.add(row.id);
  }
  if (meetingIds.length) {
    const rows = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(eq(meetings.workspaceId, workspaceId), inArray(meetings.id, meetingIds), isNotNull(meetings.deletedAt)),
      );
    for (const row of rows) trashed.add(row.id);
  }
  return trashed;
}
