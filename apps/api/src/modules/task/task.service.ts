import { instantOfInput } from "@tasuki/contract/rules/tokyo-date";
import type { listMyTasksContract, listTasksContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import type { Task, TaskDetail, TaskPatch, TaskStatus } from "@tasuki/contract/task/task.schema";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import { checkAccess, taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { TaskNotificationSettings } from "../../db/schema/tasks.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { JsonText } from "../../lib/json-text.ts";
import { type Membership, requireMember } from "../../plugins/workspace-scope.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { imageUrl } from "../image/image-url.ts";
import { findPrimaryItems, findSecondaryItems } from "../item/item.repository.ts";
import {
  meetingNotFound,
  memberOr404,
  parentInTrash,
  projectNotFound,
  requireProjectsVisible,
  trashedParentIds,
} from "../item/item-access.ts";
import { notifyTaskChanges } from "../notification/notification.service.ts";
import { findLiveGroupIds, findLiveStaffIds } from "../project/project.repository.ts";
import { deadlineCategory } from "./deadline.ts";
import {
  findTaskWorkspaceIds,
  findVisibleTasks,
  insertStatusChanges,
  insertTasks,
  listStatusChanges,
  listTasks as listTaskRows,
  loadStaffRefs,
  lockVisibleTasks,
  type StaffRefRow,
  type TaskPageRow,
  type TaskRow,
  timeInStatusAt,
  updateTasks,
} from "./task.repository.ts";

type ListQuery = z.output<typeof listTasksContract.query>;
type MyListQuery = z.output<typeof listMyTasksContract.query>;
type NewBody = z.output<typeof newTaskContract.body>;

const taskNotFound = () => notFound("task");

/** Who may edit, delete and restore a task: its creator, assignee, manager, or view_all_tasks. */
export function requireTaskWriter(member: Membership, row: TaskRow): void {
  const mine = [row.createdBy, row.assigneeId, row.managerId].includes(member.id);
  if (!mine && !member.permissions.includes("view_all_tasks")) {
    throw forbidden("only the task's creator, assignee, manager or view_all_tasks may change it");
  }
}

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
 * The tasks behind ids with the caller's membership. Ids of several workspaces, of another workspace, that
 * the caller may not see, or unknown, all answer the same 404 for the whole call.
 */
export async function openTasks(
  ctx: AppContext,
  auth: RequestAuth,
  ids: string[],
): Promise<{ member: Membership; rows: TaskRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findTaskWorkspaceIds(ctx.db, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw taskNotFound();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(ctx.db, auth, workspaceId!, taskNotFound);
  const rows = await findVisibleTasks(ctx.db, member.workspaceId, unique, taskViewerOf(member));
  if (rows.length !== unique.length) throw taskNotFound();
  return { member, rows };
}

/**
 * The tasks of a write re-read inside its transaction and locked until it ends (`FOR UPDATE`), in the order of
 * `ids`. `openTasks` answers the early 404 outside the transaction, but two requests at once would both judge
 * their rules on that earlier copy (two closes of one done task, a reopen racing a close): every rule of a
 * write is judged again here, on what the previous concurrent write left. `writable` re-checks the writer and
 * the trash, as the paths that change a task's fields do.
 */
export async function lockTasks(
  db: DbOrTx,
  member: Membership,
  ids: string[],
  options: { writable?: boolean } = {},
): Promise<TaskRow[]> {
  const unique = [...new Set(ids)];
  const rows = new Map(
    (await lockVisibleTasks(db, member.workspaceId, unique, taskViewerOf(member))).map((row) => [row.id, row]),
  );
  if (rows.size !== unique.length) throw taskNotFound();
  const locked = unique.map((id) => rows.get(id)!);
  if (options.writable) {
    for (const row of locked) {
      requireTaskWriter(member, row);
      if (row.deletedAt) throw taskInTrash();
    }
  }
  return locked;
}

const referenceNotFound = (code: string, what: string, field: string) =>
  new AppError(code, 404, `指定された${what}が見つかりません。`, `${field} is not one of this workspace`);

export const allPlacement: ReadonlySet<keyof Placement> = new Set([
  "assigneeId",
  "managerId",
  "groupId",
  "projectId",
  "meetingId",
  "primaryItemId",
  "secondaryItemId",
] as const);

export interface Placement {
  assigneeId: string | null;
  managerId: string | null;
  groupId: string | null;
  projectId: string | null;
  meetingId: string | null;
  primaryItemId: string | null;
  secondaryItemId: string | null;
}

interface References {
  staff: Set<string>;
  groups: Set<string>;
  secondaries: Map<string, { primaryItemId: string; deletedAt: Date | null }>;
  primaries: Map<string, { projectId: string | null; meetingId: string | null; deletedAt: Date | null }>;
  projects: Set<string>;
  meetings: Set<string>;
  /** Of those projects and meetings, the ones in the trash: nothing is placed under them. */
  trashed: Set<string>;
}

/**
 * Everything the placements of any number of tasks refer to, in six queries whatever their number: live
 * staff and groups, the items (with the primary items, projects and meetings they bring) and which projects
 * and meetings the caller may see (the item module's placement rule, item-access.ts).
 */
async function loadReferences(
  db: DbOrTx,
  member: Membership,
  wants: Placement[],
  sent: ReadonlySet<keyof Placement>,
): Promise<References> {
  const workspaceId = member.workspaceId;
  const ids = (pick: (want: Placement) => string | null) => [
    ...new Set(wants.map(pick).filter((id): id is string => id !== null)),
  ];
  const staff = await findLiveStaffIds(db, workspaceId, [
    ...ids((want) => want.assigneeId),
    ...ids((want) => want.managerId),
  ]);
  const groupIds = await findLiveGroupIds(
    db,
    workspaceId,
    ids((want) => want.groupId),
  );
  const secondaryRows = sent.has("secondaryItemId")
    ? await findSecondaryItems(
        db,
        workspaceId,
        ids((want) => want.secondaryItemId),
        // Held until the task is written: a concurrent trash of the item waits, and cannot leave it live below.
        "share",
      )
    : [];
  const primaryIds = [
    ...(sent.has("primaryItemId") ? ids((want) => want.primaryItemId) : []),
    ...secondaryRows.map((row) => row.primaryItemId),
  ];
  const primaryRows = await findPrimaryItems(db, workspaceId, [...new Set(primaryIds)], "share");
  const projectIds = [
    ...(sent.has("projectId") ? ids((want) => want.projectId) : []),
    ...primaryRows.map((row) => row.projectId).filter((id): id is string => id !== null),
  ];
  const projects = await checkAccess(db, member, "project", projectIds);
  const meetingIds = [
    ...(sent.has("meetingId") ? ids((want) => want.meetingId) : []),
    ...primaryRows.map((row) => row.meetingId).filter((id): id is string => id !== null),
  ];
  const meetings = await checkAccess(db, member, "meeting", meetingIds);
  const trashed = await trashedParentIds(db, workspaceId, [...projects], [...meetings]);
  return {
    staff,
    groups: groupIds,
    meetings,
    secondaries: new Map(secondaryRows.map((row) => [row.id, row])),
    primaries: new Map(primaryRows.map((row) => [row.id, row])),
    projects,
    trashed,
  };
}

const itemMismatch = () =>
  badRequest(
    "item_mismatch",
    "大項目・中項目は指定したプロジェクトのものを選んでください。",
    "the items must belong to the given project and to each other",
  );

/**
 * People, group, project and items must be of the task's workspace (and the project one the caller may
 * see); the items must hang together: the secondary item under the primary item, both in the project. A
 * missing project or primary item is filled in from the item above it.
 */
function place(wanted: Placement, refs: References, sent: ReadonlySet<keyof Placement>): Placement {
  const placed = { ...wanted };
  if (placed.assigneeId && !refs.staff.has(placed.assigneeId)) {
    throw referenceNotFound("staff_not_found", "担当者", "assignee_id");
  }
  if (placed.managerId && !refs.staff.has(placed.managerId)) {
    throw referenceNotFound("staff_not_found", "管理者", "manager_id");
  }
  if (placed.groupId && !refs.groups.has(placed.groupId)) {
    throw referenceNotFound("group_not_found", "グループ", "group_id");
  }
  let itemsSent = false;
  if (placed.secondaryItemId && sent.has("secondaryItemId")) {
    itemsSent = true;
    const secondary = refs.secondaries.get(placed.secondaryItemId);
    if (!secondary || secondary.deletedAt) {
      throw referenceNotFound("secondary_item_not_found", "中項目", "secondary_item_id");
    }
    if (placed.primaryItemId && sent.has("primaryItemId") && placed.primaryItemId !== secondary.primaryItemId) {
      throw itemMismatch();
    }
    placed.primaryItemId = secondary.primaryItemId;
  }
  if (placed.primaryItemId && (sent.has("primaryItemId") || itemsSent)) {
    itemsSent = true;
    const primary = refs.primaries.get(placed.primaryItemId);
    if (!primary || primary.deletedAt) throw referenceNotFound("primary_item_not_found", "大項目", "primary_item_id");
    if (placed.projectId && sent.has("projectId") && primary.projectId !== placed.projectId) throw itemMismatch();
    if (primary.meetingId && placed.meetingId && sent.has("meetingId") && primary.meetingId !== placed.meetingId) {
      throw itemMismatch();
    }
    placed.projectId = primary.projectId;
    // An agenda item brings its meeting; a project's item keeps the task's own meeting link, if any.
    if (primary.meetingId) placed.meetingId = primary.meetingId;
  }
  if (placed.meetingId && (sent.has("meetingId") || itemsSent) && !refs.meetings.has(placed.meetingId)) {
    throw meetingNotFound();
  }
  // An item brings its project, which the caller must be able to see as much as one named directly.
  if (placed.projectId && (sent.has("projectId") || itemsSent) && !refs.projects.has(placed.projectId)) {
    throw projectNotFound();
  }
  // Seen, but in the trash: nothing new goes under it (restoring it comes first).
  if (placed.projectId && (sent.has("projectId") || itemsSent) && refs.trashed.has(placed.projectId)) {
    throw parentInTrash("project");
  }
  if (placed.meetingId && (sent.has("meetingId") || itemsSent) && refs.trashed.has(placed.meetingId)) {
    throw parentInTrash("meeting");
  }
  return placed;
}

export async function resolvePlacement(
  db: DbOrTx,
  member: Membership,
  wanted: Placement,
  /** What the caller sent; an edit re-checks only those, so a task whose item went to the trash stays editable. */
  sent: ReadonlySet<keyof Placement> = allPlacement,
): Promise<Placement> {
  return place(wanted, await loadReferences(db, member, [wanted], sent), sent);
}

function checkDates(startsAt: Date | null, expiresAt: Date | null): void {
  if (startsAt && expiresAt && expiresAt < startsAt) {
    throw badRequest(
      "invalid_date_range",
      "期限は開始日以降を指定してください。",
      "expires_at must not precede starts_at",
    );
  }
}

const instantOrNull = (value: string | null | undefined, endOfDay: boolean) =>
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

export const taskInTrash = () =>
  conflict(
    "task_in_trash",
    "このタスクはゴミ箱にあります。元に戻してから操作してください。",
    "the task is in the trash",
  );

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
  return findVisibleTasks(ctx.db, member.workspaceId, ids, taskViewerOf(member));
}

export async function restoreTask(ctx: AppContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
  const [row] = await restoreTasks(ctx, auth, [id]);
  return presentDetail(ctx, row!);
}

const badTransition = (from: TaskStatus, to: TaskStatus) =>
  conflict(
    "invalid_status_transition",
    "このステータスには変更できません。",
    `a task cannot move from ${from} to ${to}`,
  );

/**
 * The status rules: the assignee (anyone who may edit a task without one) moves between none, in_progress
 * and done; the manager or view_all_tasks closes a done task and reopens a closed one to in_progress.
 * view_all_tasks (admins) may also make the assignee's moves.
 */
export function checkStatusChange(member: Membership, row: TaskRow, to: TaskStatus): void {
  const from = row.status;
  const admin = member.permissions.includes("view_all_tasks");
  const open = ["none", "in_progress", "done"];
  if (from === "closed" || to === "closed") {
    const allowed = (from === "done" && to === "closed") || (from === "closed" && to === "in_progress");
    if (!allowed) throw badTransition(from, to);
    if (row.managerId !== member.id && !admin) {
      throw forbidden(
        "only the manager or view_all_tasks closes or reopens a task",
        "タスクのクローズと再開は管理者のみが行えます。",
      );
    }
    return;
  }
  if (!open.includes(from) || !open.includes(to)) throw badTransition(from, to);
  const assignee = row.assigneeId ? row.assigneeId === member.id : [row.createdBy, row.managerId].includes(member.id);
  if (!assignee && !admin) {
    throw forbidden(
      "only the assignee moves a task between none, in_progress and done",
      "ステータスを変更できるのは担当者のみです。",
    );
  }
}

export async function changeTaskStatuses(
  ctx: AppContext,
  db: DbOrTx,
  member: Membership,
  rows: TaskRow[],
  to: TaskStatus,
): Promise<TaskRow[]> {
  const moving = rows.filter((row) => row.status !== to);
  for (const row of moving) checkStatusChange(member, row, to);
  const at = ctx.now();
  await insertStatusChanges(
    db,
    moving.map((row) => ({
      workspaceId: row.workspaceId,
      taskId: row.id,
      fromStatus: row.status,
      toStatus: to,
      changedBy: member.id,
      changedAt: at,
    })),
  );
  const updated = await updateTasks(
    db,
    member.workspaceId,
    moving.map((row) => row.id),
    // completed_at: set by a move to 完了, kept by closing (only a 完了 task closes), cleared by a reopening.
    // Time in status: the span just ended is added to the status left.
    {
      status: to,
      periodicTouched: true,
      ...(to === "closed" ? {} : { completedAt: to === "done" ? at : null }),
      ...timeInStatusAt(at),
    },
  );
  const byId = new Map(updated.map((row) => [row.id, row]));
  await notifyTaskChanges(
    ctx,
    db,
    member.id,
    moving.map((before) => ({ before, after: byId.get(before.id)! })),
  );
  return rows.map((row) => byId.get(row.id) ?? row);
}

export async function changeTaskStatus(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  to: TaskStatus,
): Promise<TaskDetail> {
  const { member, rows } = await openTasks(ctx, auth, [id]);
  if (rows[0]!.deletedAt) throw taskInTrash();
  const [saved] = await ctx.db.transaction(async (tx) => {
    const locked = await lockTasks(tx, member, [id]);
    if (locked[0]!.deletedAt) throw taskInTrash();
    return changeTaskStatuses(ctx, tx, member, locked, to);
  });
  return presentDetail(ctx, saved!);
}

const ALL_FROM = "1900-01-01";
const ALL_TO = "2200-12-31";

export async function listTasks(
  ctx: AppContext,
  auth: RequestAuth,
  query: ListQuery,
): Promise<JsonText<{ items: Task[]; total: number }>> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  if (query.tab === "project") {
    if (!query.project_id) {
      throw badRequest("project_required", "プロジェクトを指定してください。", "tab=project needs project_id");
    }
    await requireProjectsVisible(ctx.db, member, [query.project_id], projectNotFound);
  }
  if (query.from && query.to && query.to < query.from) {
    throw badRequest("invalid_date_range", "終了日は開始日以降の日付を指定してください。", "to must not precede from");
  }
  const { rows } = await listTaskRows(ctx.db, member.workspaceId, {
    viewer: taskViewerOf(member),
    tab: query.tab,
    staffId: member.id,
    statuses: query.status,
    priorities: query.priority,
    assigneeId: query.assignee_id,
    managerId: query.manager_id,
    groupId: query.group_id,
    projectId: query.project_id,
    from: instantOfInput(query.from ?? ALL_FROM, false),
    to: instantOfInput(query.to ?? ALL_TO, true),
    includeUndated: !query.from && !query.to,
    q: query.q || undefined,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return pageText(rows, ctx.now());
}

export async function listMyTasks(
  ctx: AppContext,
  auth: RequestAuth,
  query: MyListQuery,
): Promise<JsonText<{ items: Task[]; total: number }>> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { rows } = await listTaskRows(ctx.db, member.workspaceId, {
    viewer: taskViewerOf(member),
    tab: "open_mine",
    staffId: member.id,
    from: instantOfInput(ALL_FROM, false),
    to: instantOfInput(ALL_TO, true),
    includeUndated: true,
    trash: false,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return pageText(rows, ctx.now());
}

/**
 * A list page as the answer's JSON text: the tasks as the database wrote them (the same fields as `present`), each
 * with its deadline category judged here against the injected clock, and the count.
 */
function pageText(rows: TaskPageRow[], now: Date): JsonText<{ items: Task[]; total: number }> {
  const items: string[] = [];
  for (const row of rows) {
    if (row.item === null) continue;
    const expiresAt = row.expiresMs === null ? null : new Date(row.expiresMs);
    const category = deadlineCategory(row.status!, expiresAt, now);
    items.push(`${row.item.slice(0, -1)},"deadline_category":${category === null ? "null" : `"${category}"`}}`);
  }
  return new JsonText(`{"items":[${items.join(",")}],"total":${rows[0]?.total ?? 0}}`);
}

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
