import { v7 as uuidv7 } from "uuid";
import { type AccessMember, checkAccess } from "../../access/access.ts";
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
 * The live tasks under these items that the copier may see (the task rule): a copy shows its tasks' titles and
 * descriptions to everyone who sees the parent, so a task the copier gets 404 for is never copied.
 */
export async function findCopyableTasksUnder(
  db: DbOrTx,
  member: AccessMember,
  under: { primaryItemIds: string[]; secondaryItemIds: string[] },
) {
  const found = await findLiveTasksUnder(db, member.workspaceId, under);
  const seen = await checkAccess(
    db,
    member,
    "task",
    found.map((task) => task.id),
  );
  return found.filter((task) => seen.has(task.id));
}

/**
 * Copies the live children of a primary item (secondary items, and tasks under either level that the copier
 * sees) under its copy, in a fixed number of statements whatever their count.
 */
async function copyPrimaryItemChildren(db: DbOrTx, source: ItemRow, copyId: string, by: AccessMember): Promise<void> {
  const children = await findLiveSecondaryItemsUnder(db, source.workspaceId, [source.id]);
  const newIds = new Map(children.map((child) => [child.id, uuidv7()]));
  await insertSecondaryItemRows(
    db,
    children.map(({ id, createdAt: _c, updatedAt: _u, deletedAt: _d, deletedBatch: _b, ...fields }) => ({
      ...fields,
      id: newIds.get(id)!,
      primaryItemId: copyId,
      createdBy: by.id,
    })),
  );
  const found = await findCopyableTasksUnder(db, by, {
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
        by.id,
      ),
    ),
  );
}

/** Copies the live tasks of a secondary item that the copier sees under its copy. */
async function copySecondaryItemChildren(db: DbOrTx, source: ItemRow, copyId: string, by: AccessMember) {
  const found = await findCopyableTasksUnder(db, by, {
    primaryItemIds: [],
    secondaryItemIds: [source.id],
  });
  await insertTasks(
    db,
    found.map((task) => copyTask(task, { primaryItemId: source.primaryItemId!, secondaryItemId: copyId }, by.id)),
  );
}

/** Copies the live children of an item of either level under its copy, as far as the copier sees them. */
export function copyItemChildren(db: DbOrTx, level: ItemLevel, source: ItemRow, copyId: string, by: AccessMember) {
  return level === "primary"
    ? copyPrimaryItemChildren(db, source, copyId, by)
    : copySecondaryItemChildren(db, source, copyId, by);
}
