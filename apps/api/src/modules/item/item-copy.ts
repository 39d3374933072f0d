import { positionBetween } from "@tasuki/contract/rules/position";
import { v7 as uuidv7 } from "uuid";
import { type AccessMember, checkAccess } from "../../access/access.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { tasks } from "../../db/schema/tasks.ts";
import { type ItemLevel, type ItemRow, insertItems, lastItemPosition } from "./item.repository.ts";
import {
  findCarriedFromIds,
  findLiveSecondaryItemsUnder,
  findLiveTasksUnder,
  findOpenAgendaItems,
  insertSecondaryItemRows,
  insertTaskCopies,
} from "./item-copy.repository.ts";

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
 * What a copy of an item takes (a duplicate, a template saved from it): a primary item's live secondary items, and
 * the live tasks under the item or under one of those that the copier sees. Two queries and the task rule's.
 */
export async function findCopyableTree(db: DbOrTx, member: AccessMember, level: ItemLevel, source: ItemRow) {
  const children = level === "primary" ? await findLiveSecondaryItemsUnder(db, source.workspaceId, [source.id]) : [];
  const tasks = await findCopyableTasksUnder(db, member, {
    primaryItemIds: level === "primary" ? [source.id] : [],
    secondaryItemIds: level === "primary" ? children.map((child) => child.id) : [source.id],
  });
  return { children, tasks };
}

/**
 * Copies the live children of a primary item (secondary items, and tasks under either level that the copier
 * sees) under its copy, in a fixed number of statements whatever their count.
 */
async function copyPrimaryItemChildren(db: DbOrTx, source: ItemRow, copyId: string, by: AccessMember): Promise<void> {
  const { children, tasks: found } = await findCopyableTree(db, by, "primary", source);
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
  // A task under a trashed secondary item stays behind; under a live one it follows that item's copy.
  const kept = found.filter((task) => task.secondaryItemId === null || newIds.has(task.secondaryItemId));
  await insertTaskCopies(
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
  const { tasks: found } = await findCopyableTree(db, by, "secondary", source);
  await insertTaskCopies(
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

/**
 * A meeting's unfinished agenda carried into its next occurrence (meeting-carry-over.ts decides when): its live
 * 大項目 not marked 済 and not carried there before are copied last into the next meeting's agenda, marked with
 * `carried_from_id`, each with its live 中項目 not marked 済 at their own positions. Answers the number of 大項目
 * copied.
 */
export async function carryAgendaOver(
  tx: DbOrTx,
  workspaceId: string,
  fromMeetingId: string,
  meetingId: string,
): Promise<number> {
  const already = await findCarriedFromIds(tx, workspaceId, meetingId);
  const items = (await findOpenAgendaItems(tx, workspaceId, fromMeetingId)).filter((item) => !already.has(item.id));
  if (!items.length) return 0;
  let last = await lastItemPosition(tx, workspaceId, { level: "primary", projectId: null, meetingId });
  const made = await insertItems(
    tx,
    "primary",
    items.map((item) => {
      last = positionBetween(last, null);
      return {
        workspaceId,
        meetingId,
        name: item.name,
        description: item.description,
        carriedFromId: item.id,
        position: last,
        createdBy: item.createdBy,
      };
    }),
  );
  const copyOf = new Map(made.map((item) => [item.carriedFromId!, item.id]));
  const children = await findLiveSecondaryItemsUnder(
    tx,
    workspaceId,
    items.map((item) => item.id),
  );
  await insertItems(
    tx,
    "secondary",
    children
      .filter((child) => !child.done)
      .map((child) => ({
        workspaceId,
        meetingId,
        primaryItemId: copyOf.get(child.primaryItemId)!,
        name: child.name,
        description: child.description,
        carriedFromId: child.id,
        position: child.position,
        createdBy: child.createdBy,
      })),
  );
  return made.length;
}
