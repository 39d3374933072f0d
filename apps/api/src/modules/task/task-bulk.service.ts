import type { newTaskContract } from "@tasuki/contract/task/task.contracts";
import type { Task, TaskPatch, TaskStatus } from "@tasuki/contract/task/task.schema";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { TaskNotificationSettings } from "../../db/schema/tasks.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { notifyTaskChanges } from "../notification/notification.service.ts";
import { type TaskRow, updateTasks } from "./task.repository.ts";
import { checkDates, createTasks, instantOrNull, restoreTasks } from "./task.service.ts";
import { lockTasks, openTasks, requireTaskWriter, taskInTrash } from "./task-access.ts";
import { resolvePlacement } from "./task-placement.ts";
import { presentAll } from "./task-presentation.ts";
import { changeTaskStatuses } from "./task-status.service.ts";

type NewBody = z.output<typeof newTaskContract.body>;

export async function createManyTasks(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  inputs: Omit<NewBody, "workspace_id">[],
): Promise<{ items: Task[] }> {
  const { rows } = await createTasks(ctx, auth, workspaceId, inputs);
  return { items: await presentAll(ctx, ctx.db, workspaceId, rows) };
}

type BulkChanges = Omit<TaskPatch, "title" | "description"> & { status?: TaskStatus | undefined };

const placementFields = [
  ["assignee_id", "assigneeId"],
  ["manager_id", "managerId"],
  ["group_id", "groupId"],
  ["project_id", "projectId"],
  ["meeting_id", "meetingId"],
  ["primary_item_id", "primaryItemId"],
  ["secondary_item_id", "secondaryItemId"],
] as const;

/**
 * One change to many tasks in one transaction: every task must be visible (else 404), editable by the
 * caller (else 403) and out of the trash; the references are checked once, and every row's dates are
 * checked before anything is written.
 */
export async function updateManyTasks(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
  changes: BulkChanges,
): Promise<{ items: Task[] }> {
  const { member, rows } = await openTasks(ctx, auth, ids);
  for (const row of rows) {
    requireTaskWriter(member, row);
    if (row.deletedAt) throw taskInTrash();
  }
  const { status, ...fields } = changes;
  const saved = await ctx.db.transaction(async (tx) => {
    const rows = await lockTasks(tx, member, ids, { writable: true });
    const sent = new Set(placementFields.filter(([field]) => fields[field] !== undefined).map(([, key]) => key));
    const values: Partial<TaskRow> = {};
    if (sent.size) {
      const placement = await resolvePlacement(
        tx,
        member,
        {
          assigneeId: fields.assignee_id ?? null,
          managerId: fields.manager_id ?? null,
          groupId: fields.group_id ?? null,
          projectId: fields.project_id ?? null,
          meetingId: fields.meeting_id ?? null,
          primaryItemId: fields.primary_item_id ?? null,
          secondaryItemId: fields.secondary_item_id ?? null,
        },
        sent,
      );
      for (const [, key] of placementFields) if (sent.has(key)) values[key] = placement[key];
      // An item brings its project (and a secondary item its primary item); a new project drops old items.
      if (sent.has("secondaryItemId") && placement.secondaryItemId) {
        values.primaryItemId = placement.primaryItemId;
        values.projectId = placement.projectId;
        if (placement.meetingId) values.meetingId = placement.meetingId;
      } else if (sent.has("primaryItemId") && placement.primaryItemId) {
        values.projectId = placement.projectId;
        if (placement.meetingId) values.meetingId = placement.meetingId;
        if (!sent.has("secondaryItemId")) values.secondaryItemId = null;
      } else if (sent.has("projectId") || sent.has("meetingId")) {
        if (!sent.has("primaryItemId")) values.primaryItemId = null;
        if (!sent.has("secondaryItemId")) values.secondaryItemId = null;
      }
    }
    if (fields.priority !== undefined) values.priority = fields.priority;
    if (fields.is_public !== undefined) values.isPublic = fields.is_public;
    if (fields.notification !== undefined) {
      values.notification = fields.notification as TaskNotificationSettings | null;
    }
    if (fields.starts_at !== undefined) values.startsAt = instantOrNull(fields.starts_at, false);
    if (fields.expires_at !== undefined) values.expiresAt = instantOrNull(fields.expires_at, true);
    for (const row of rows) {
      checkDates(
        values.startsAt !== undefined ? values.startsAt : row.startsAt,
        values.expiresAt !== undefined ? values.expiresAt : row.expiresAt,
      );
    }
    let current = rows;
    if (status !== undefined) current = await changeTaskStatuses(ctx, tx, member, current, status);
    if (Object.keys(values).length) {
      const before = new Map(current.map((row) => [row.id, row]));
      current = await updateTasks(
        tx,
        member.workspaceId,
        current.map((row) => row.id),
        { ...values, periodicTouched: true },
      );
      await notifyTaskChanges(
        ctx,
        tx,
        member.id,
        current.map((after) => ({ before: before.get(after.id) ?? null, after })),
      );
    }
    return current;
  });
  const order = new Map(ids.map((id, index) => [id, index]));
  saved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { items: await presentAll(ctx, ctx.db, member.workspaceId, saved) };
}

export async function restoreManyTasks(ctx: AppContext, auth: RequestAuth, ids: string[]): Promise<{ items: Task[] }> {
  const rows = await restoreTasks(ctx, auth, ids);
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { items: await presentAll(ctx, ctx.db, rows[0]?.workspaceId ?? "", rows) };
}
