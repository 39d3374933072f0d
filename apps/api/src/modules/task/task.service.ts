import { instantOfInput } from "@tasuki/contract/rules/tokyo-date";
import type { newTaskContract } from "@tasuki/contract/task/task.contracts";
import type { TaskDetail, TaskPatch } from "@tasuki/contract/task/task.schema";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { TaskNotificationSettings } from "../../db/schema/tasks.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { badRequest } from "../../lib/app-error.ts";
import { notifyTaskChanges } from "../notification/notification.service.ts";
import { insertTasks, type TaskRow, updateTasks } from "./task.repository.ts";
import { findVisibleTasksOf, lockTasks, openTasks, requireTaskWriter, taskInTrash } from "./task-access.ts";
import { allPlacement, loadReferences, type Placement, place, resolvePlacement } from "./task-placement.ts";
import { presentDetail } from "./task-presentation.ts";

type NewBody = z.output<typeof newTaskContract.body>;

/**
 * Tasks written as they are in one statement, for a module that builds them itself (a template's trees): the caller
 * has checked their placement and people, and tells their notices.
 */
export const insertTaskRows = (db: DbOrTx, values: Parameters<typeof insertTasks>[1]) => insertTasks(db, values);

export function checkDates(startsAt: Date | null, expiresAt: Date | null): void {
  if (startsAt && expiresAt && expiresAt < startsAt) {
    throw badRequest(
      "invalid_date_range",
      "期限は開始日以降を指定してください。",
      "expires_at must not precede starts_at",
    );
  }
}

export const instantOrNull = (value: string | null | undefined, endOfDay: boolean) =>
  value ? instantOfInput(value, endOfDay) : null;

/** A new task's place in the manual order: after everything so far, without a query (ordered by time). */
const positionNow = (ctx: AppContext) => ctx.now().getTime();

export async function createTasks(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  inputs: Omit<NewBody, "workspace_id">[],
): Promise<{ member: Membership; rows: TaskRow[] }> {
  const member = await requireMember(ctx.db, auth, workspaceId, { permission: "create_tasks" });
  const rows = await ctx.db.transaction(async (tx) => {
    const wants = inputs.map((input) => ({
      assigneeId: input.assignee_id ?? null,
      managerId: input.manager_id ?? null,
      groupId: input.group_id ?? null,
      projectId: input.project_id ?? null,
      meetingId: input.meeting_id ?? null,
      primaryItemId: input.primary_item_id ?? null,
      secondaryItemId: input.secondary_item_id ?? null,
    }));
    // The references of all the new tasks in a fixed number of queries, then checked one by one in memory.
    const refs = await loadReferences(tx, member, wants, allPlacement);
    const values = [];
    for (const [index, input] of inputs.entries()) {
      const placement = place(wants[index]!, refs, allPlacement);
      const startsAt = instantOrNull(input.starts_at, false);
      const expiresAt = instantOrNull(input.expires_at, true);
      checkDates(startsAt, expiresAt);
      values.push({
        workspaceId,
        title: input.title,
        description: input.description,
        priority: input.priority,
        isPublic: input.is_public,
        startsAt,
        expiresAt,
        ...placement,
        notification: (input.notification ?? null) as TaskNotificationSettings | null,
        position: positionNow(ctx) + index / 1000,
        createdBy: member.id,
        // On the app's clock, like the status history, so that lead times read from both agree.
        createdAt: ctx.now(),
      });
    }
    const inserted = await insertTasks(tx, values);
    await notifyTaskChanges(
      ctx,
      tx,
      member.id,
      inserted.map((after) => ({ before: null, after })),
    );
    return inserted;
  });
  return { member, rows };
}

export async function createTask(ctx: AppContext, auth: RequestAuth, input: NewBody): Promise<TaskDetail> {
  const { workspace_id: workspaceId, ...fields } = input;
  const { rows } = await createTasks(ctx, auth, workspaceId, [fields]);
  return presentDetail(ctx, rows[0]!);
}

export async function getTask(ctx: AppContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
  const { rows } = await openTasks(ctx, auth, [id]);
  return presentDetail(ctx, rows[0]!);
}

/** The column values of an edit, with the references checked against the row as it will be. */
async function patchValues(db: DbOrTx, member: Membership, row: TaskRow, input: TaskPatch) {
  const pick = <K extends keyof Placement>(key: K, field: keyof TaskPatch) =>
    input[field] !== undefined ? (input[field] as string | null) : row[key];
  const touchesPlacement = (
    [
      "assignee_id",
      "manager_id",
      "group_id",
      "project_id",
      "meeting_id",
      "primary_item_id",
      "secondary_item_id",
    ] as const
  ).some((field) => input[field] !== undefined);
  // A new project or meeting drops the items that are not sent with it.
  const parentChanged =
    (input.project_id !== undefined && input.project_id !== row.projectId) ||
    (input.meeting_id !== undefined && input.meeting_id !== row.meetingId);
  const placement = touchesPlacement
    ? await resolvePlacement(
        db,
        member,
        {
          // Only what is sent is checked again; a changed project drops items that are not sent with it.
          assigneeId: input.assignee_id !== undefined ? input.assignee_id : null,
          managerId: input.manager_id !== undefined ? input.manager_id : null,
          groupId: input.group_id !== undefined ? input.group_id : null,
          projectId: pick("projectId", "project_id"),
          meetingId: pick("meetingId", "meeting_id"),
          primaryItemId:
            input.primary_item_id !== undefined ? input.primary_item_id : parentChanged ? null : row.primaryItemId,
          secondaryItemId:
            input.secondary_item_id !== undefined
              ? input.secondary_item_id
              : parentChanged
                ? null
                : input.primary_item_id !== undefined && input.primary_item_id !== row.primaryItemId
                  ? null
                  : row.secondaryItemId,
        },
        new Set(
          (
            [
              ["assignee_id", "assigneeId"],
              ["manager_id", "managerId"],
              ["group_id", "groupId"],
              ["project_id", "projectId"],
              ["meeting_id", "meetingId"],
              ["primary_item_id", "primaryItemId"],
              ["secondary_item_id", "secondaryItemId"],
            ] as const
          )
            .filter(([field]) => input[field] !== undefined)
            .map(([, key]) => key),
        ),
      )
    : null;
  const startsAt = input.starts_at !== undefined ? instantOrNull(input.starts_at, false) : row.startsAt;
  const expiresAt = input.expires_at !== undefined ? instantOrNull(input.expires_at, true) : row.expiresAt;
  checkDates(startsAt, expiresAt);
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description, descriptionSource: null }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.is_public !== undefined && { isPublic: input.is_public }),
    ...(input.starts_at !== undefined && { startsAt }),
    ...(input.expires_at !== undefined && { expiresAt }),
    ...(input.notification !== undefined && {
      notification: input.notification as TaskNotificationSettings | null,
    }),
    ...(placement && {
      ...(input.assignee_id !== undefined && { assigneeId: placement.assigneeId }),
      ...(input.manager_id !== undefined && { managerId: placement.managerId }),
      ...(input.group_id !== undefined && { groupId: placement.groupId }),
      projectId: placement.projectId,
      meetingId: placement.meetingId,
      primaryItemId: placement.primaryItemId,
      secondaryItemId: placement.secondaryItemId,
    }),
  };
}

export async function updateTask(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: TaskPatch,
): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  const row = rows[0]!;
  requireTaskWriter(member, row);
  if (row.deletedAt) throw taskInTrash();
  const saved = await ctx.db.transaction(async (tx) => {
    const current = (await lockTasks(tx, member, [id], { writable: true }))[0]!;
    const values = await patchValues(tx, member, current, input);
    // An edited occurrence of a periodic series is the person's now: the generator leaves it alone.
    if (!Object.keys(values).length) return current;
    const updated = (await updateTasks(tx, current.workspaceId, [id], { ...values, periodicTouched: true }))[0]!;
    await notifyTaskChanges(ctx, tx, member.id, [{ before: current, after: updated }]);
    return updated;
  });
  return presentDetail(ctx, saved);
}

/** Trashes the tasks in one transaction; already trashed ones stay as they are. */
export async function deleteTasks(ctx: AppContext, auth: RequestAuth, ids: string[]): Promise<{ ok: true }> {
  const { member, rows } = await openTasks(ctx, auth, ids);
  for (const row of rows) requireTaskWriter(member, row);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockTasks(tx, member, ids);
    for (const row of locked) requireTaskWriter(member, row);
    const live = locked.filter((row) => !row.deletedAt).map((row) => row.id);
    await updateTasks(tx, member.workspaceId, live, {
      deletedAt: ctx.now(),
      deletedBatch: uuidv7(),
      periodicTouched: true,
    });
  });
  return { ok: true };
}

/** Brings tasks back one by one (a task trashed with its item comes back alone here; the item's restore brings all). */
export async function restoreTasks(ctx: AppContext, auth: RequestAuth, ids: string[]): Promise<TaskRow[]> {
  const { member, rows } = await openTasks(ctx, auth, ids);
  for (const row of rows) requireTaskWriter(member, row);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockTasks(tx, member, ids);
    for (const row of locked) requireTaskWriter(member, row);
    await updateTasks(
      tx,
      member.workspaceId,
      locked.filter((row) => row.deletedAt).map((row) => row.id),
      { deletedAt: null, deletedBatch: null },
    );
  });
  return findVisibleTasksOf(ctx.db, member, ids);
}

export async function restoreTask(ctx: AppContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
  const [row] = await restoreTasks(ctx, auth, [id]);
  return presentDetail(ctx, row!);
}
