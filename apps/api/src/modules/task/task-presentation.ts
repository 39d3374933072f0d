import type { Task, TaskDetail } from "@tasuki/contract/task/task.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { JsonText } from "../../lib/json-text.ts";
import { imageUrl } from "../image/image-url.ts";
import { loadStaffRefs, type StaffRefRow } from "../workspace-user/staff-directory.service.ts";
import { deadlineCategory } from "./deadline.ts";
import { listStatusChanges, type TaskPageRow, type TaskRow } from "./task.repository.ts";

const staffRef = (row: StaffRefRow | undefined) =>
  row
    ? { id: row.id, last_name: row.lastName, first_name: row.firstName, avatar_url: imageUrl(row.avatarImageId) }
    : null;

function present(row: TaskRow, staff: Map<string, StaffRefRow>, now: Date): Task {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    title: row.title,
    description: row.description,
    description_source: row.descriptionSource,
    status: row.status,
    priority: row.priority,
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    assignee: row.assigneeId ? staffRef(staff.get(row.assigneeId)) : null,
    manager: row.managerId ? staffRef(staff.get(row.managerId)) : null,
    group_id: row.groupId,
    project_id: row.projectId,
    meeting_id: row.meetingId,
    primary_item_id: row.primaryItemId,
    secondary_item_id: row.secondaryItemId,
    is_public: row.isPublic,
    notification: row.notification ?? null,
    has_notification: !!row.notification && row.notification.remind !== "none",
    deadline_category: deadlineCategory(row.status, row.expiresAt, now),
    periodic_rule: row.periodicRule ?? null,
    periodic_series_id: row.periodicSeriesId,
    occurrence_date: row.occurrenceDate,
    position: row.position,
    created_by: row.createdBy,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Any number of rows with their assignees and managers: one query for the people, never one per row. */
export async function presentAll(ctx: AppContext, db: DbOrTx, workspaceId: string, rows: TaskRow[]): Promise<Task[]> {
  const ids = rows.flatMap((row) => [row.assigneeId, row.managerId]).filter((id): id is string => id !== null);
  const staff = await loadStaffRefs(db, workspaceId, ids);
  const now = ctx.now();
  return rows.map((row) => present(row, staff, now));
}

/** A task's status changes, newest first (at most 500): its detail's history, and the activity log's. */
export const listTaskStatusChanges = (db: DbOrTx, workspaceId: string, taskId: string) =>
  listStatusChanges(db, workspaceId, taskId);

export async function presentDetail(ctx: AppContext, row: TaskRow): Promise<TaskDetail> {
  const changes = await listStatusChanges(ctx.db, row.workspaceId, row.id);
  const ids = [row.assigneeId, row.managerId, ...changes.map((change) => change.changedBy)].filter(
    (id): id is string => id !== null,
  );
  const staff = await loadStaffRefs(ctx.db, row.workspaceId, ids);
  return {
    ...present(row, staff, ctx.now()),
    status_history: changes.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      changed_by: change.changedBy ? staffRef(staff.get(change.changedBy)) : null,
      changed_at: change.changedAt.toISOString(),
    })),
  };
}

/**
 * A list page as the answer's JSON text: the tasks as the database wrote them (the same fields as `present`), each
 * with its deadline category judged here against the injected clock, and the count.
 */
export function pageText(rows: TaskPageRow[], now: Date): JsonText<{ items: Task[]; total: number }> {
  const items: string[] = [];
  for (const row of rows) {
    if (row.item === null) continue;
    const expiresAt = row.expiresMs === null ? null : new Date(row.expiresMs);
    const category = deadlineCategory(row.status!, expiresAt, now);
    items.push(`${row.item.slice(0, -1)},"deadline_category":${category === null ? "null" : `"${category}"`}}`);
  }
  return new JsonText(`{"items":[${items.join(",")}],"total":${rows[0]?.total ?? 0}}`);
}
