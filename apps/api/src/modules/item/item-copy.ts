import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client.ts";
import type { tasks } from "../../db/schema/tasks.ts";
import { insertTasks } from "../task/task.repository.ts";
import type { ItemLevel, ItemRow } from "./item.repository.ts";
import { findLiveSecondaryItemsUnder, findLiveTasksUnder, insertSecondaryItemRows } from "./item-copy.repository.ts";

type TaskRow = typeof tasks.$inferSelect;

/** A copied task: same fields and place in its order, not started, made by the copier, outside any series. */
function copyTask(task: TaskRow, into: { primaryItemId: string; secondaryItemId: string | null }, by: string) {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    deletedAt: _d,
    deletedBatch: _b,
    periodicSeriesId: _s,
    ...fields
  } = task;
  return {
    ...fields,
    ...into,
    status: "none" as const,
    // Not started, so not completed (analytics would count a copy of a completed task otherwise).
    completedAt: null,
    // Nor any time in status: the copy starts its own.
    statusChangedAt: null,
    notStartedSeconds: 0,
    inProgressSeconds: 0,
    periodicRule: null,
    occurrenceDate: null,
    periodicTouched: false,
    createdBy: by,
  };
}

/**
 * Copies the live children of a primary item (secondary items, and tasks under either level) under its copy, in
 * a fixed number of statements whatever their count.
 */
async function copyPrimaryItemChildren(db: DbOrTx, source: ItemRow, copyId: string, by: string): Promise<void> {
  const children = await findLiveSecondaryItemsUnder(db, source.workspaceId, [source.id]);
  const newIds = new Map(children.map((child) => [child.id, uuidv7()]));
  await insertSecondaryItemRows(
    db,
    children.map(({ id, createdAt: _c, updatedAt: _u, deletedAt: _d, deletedBatch: _b, ...fields }) => ({
      ...fields,
      id: newIds.get(id)!,
      primaryItemId: copyId,
      createdBy: by,
    })),
  );
  const found = await findLiveTasksUnder(db, source.workspaceId, {
    primaryItemIds: [source.id],
    secondaryItemIds: children.map((child) => child.id),
  });
  // A task under a trashed secondary item stays behind; under a live one it follows that item's copy.
  const kept = found.filter((task) => task.secondaryItemId === null || newIds.has(task.secondaryItemId));
  await insertTasks(
    db,
    kept.map((task) =>
      copyTask(
        task,
        {
          primaryItemId: copyId,
          secondaryItemId: task.secondaryItemId ? newIds.get(task.secondaryItemId)! : null,
        },
        by,
      ),
    ),
  );
}

/** Copies the live tasks of a secondary item under its copy. */
async function copySecondaryItemChildren(db: DbOrTx, source: ItemRow, copyId: string, by: string): Promise<void> {
  const found = await findLiveTasksUnder(db, source.workspaceId, {
    primaryItemIds: [],
    secondaryItemIds: [source.id],
  });
  await insertTasks(
    db,
    found.map((task) => copyTask(task, { primaryItemId: source.primaryItemId!, secondaryItemId: copyId }, by)),
  );
}

/** Copies the live children of an item of either level under its copy. */
export function copyItemChildren(db: DbOrTx, level: ItemLevel, source: ItemRow, copyId: string, by: string) {
  return level === "primary"
    ? copyPrimaryItemChildren(db, source, copyId, by)
    : copySecondaryItemChildren(db, source, copyId, by);
}
