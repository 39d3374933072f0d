import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { memberGroupIds, type TaskViewer, taskVisibleTo } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { taskStatusChanges, tasks } from "../../db/schema/tasks.ts";
import { IMAGE_PATH } from "../image/image-url.ts";

export type TaskRow = typeof tasks.$inferSelect;
export type TaskStatusChangeRow = typeof taskStatusChanges.$inferSelect;

/**
 * Unscoped on purpose: task paths name no workspace, so the tasks' workspaces are read here and the caller's
 * membership is checked before anything else of them is read.
 */
export async function findTaskWorkspaceIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tasks.id, workspaceId: tasks.workspaceId })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}

/** The tasks among these ids that the viewer may see, live or in the trash. */
export async function findVisibleTasks(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  viewer: TaskViewer,
): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids), taskVisibleTo(db, workspaceId, viewer)));
}

/**
 * The same rows as `findVisibleTasks`, locked until the caller's transaction ends (`FOR UPDATE`), in id order
 * so that two calls over overlapping sets always lock in the same order and never wait on each other crosswise.
 * A write re-reads its rows here, inside its transaction, and judges its rules on what the previous
 * concurrent write left.
 */
export async function lockVisibleTasks(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  viewer: TaskViewer,
): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids), taskVisibleTo(db, workspaceId, viewer)))
    .orderBy(asc(tasks.id))
    .for("update", { of: tasks });
}

export interface TaskListFilter {
  viewer: TaskViewer;
  tab: "me" | "group" | "management" | "public" | "project" | "open_mine";
  staffId: string;
  statuses?: string[] | undefined;
  priorities?: string[] | undefined;
  assigneeId?: string | undefined;
  managerId?: string | undefined;
  groupId?: string | undefined;
  projectId?: string | undefined;
  /** Deadline range; null ends with `includeUndated` mean 全期間. */
  from: Date;
  to: Date;
  includeUndated: boolean;
  q?: string | undefined;
  trash: boolean;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One row of a list page as the database builds it: the task as the API answers it (JSON text, the contract's
 * `Task` without `deadline_category`, which depends on the clock and is the service's), the two columns that
 * category is judged on, and the count of all the rows that match (on every row, and on a single row with a null
 * task when the page is past the end).
 */
export interface TaskPageRow {
  total: number;
  /** null on the one row of a page past the end. */
  item: string | null;
  status: TaskRow["status"] | null;
  /** The deadline in milliseconds since the epoch (whole, as a Date holds it). */
  expiresMs: number | null;
}

/** An instant as JavaScript's `toISOString()` writes it (UTC, milliseconds), as `present` answers it elsewhere. */
const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A person of a page row as the contract's `StaffRef` (imageUrl's path for the avatar), or null: a subquery per row
 * of the page (two primary-key lookups), where a join let the planner hash all the workspace's staff (~0.5 ms).
 */
const staffRefOf = (column: string) =>
  sql.raw(
    `(select row_to_json(ref) from (select s.id, s.last_name, s.first_name, '${IMAGE_PATH}' || s.avatar_image_id as avatar_url from workspace_users s where s.id = t.${column} and s.workspace_id = t.workspace_id) ref)`,
  );

/**
 * A page of the tasks that match `where`, deadline first and undated last, and their count, in one statement that
 * answers the page as JSON: the database reads the page (stopping after it when an index gives the order), looks
 * up only its rows' assignees and managers, and writes each task's JSON (`row_to_json`, compact), so the API neither
 * maps ~30 columns per row nor serialises them again. The keys and values are those of `present` in
 * task.service.ts (task-list-shape.routes.test.ts compares both for every field). The page is chosen by id first and
 * only its rows are read whole: the rows an offset skips then come from the index alone where it holds the filter
 * (the caller's open tasks: page 35 of 200 rows in 1.6 ms instead of 5.6, 10,000 tasks, PostgreSQL 15).
 */
function taskPageQuery(db: DbOrTx, where: SQL | undefined, limit: unknown, offset: unknown) {
  return db
    .select({
      total: sql<number>`counted.total`,
      item: sql<string | null>`row_to_json(item)::text`,
      status: sql<TaskRow["status"] | null>`t.status`,
      expiresMs: sql<number | null>`floor(extract(epoch from t.expires_at) * 1000)::float8`,
    })
    .from(
      sql`(select count(*)::int as total from ${tasks} where ${where}) as counted
        left join lateral (
          select ${tasks}.* from (
            select ${tasks.id} as page_id from ${tasks} where ${where}
            order by ${tasks.expiresAt} asc nulls last, ${tasks.position} asc, ${tasks.id} asc
            limit ${limit} offset ${offset}
          ) as page join ${tasks} on ${tasks.id} = page.page_id
        ) as t on true
        left join lateral (select
          t.id, t.workspace_id, t.title, t.description, t.description_source, t.status, t.priority,
          ${isoOf("t.starts_at")} as starts_at, ${isoOf("t.expires_at")} as expires_at,
          ${staffRefOf("assignee_id")} as assignee, ${staffRefOf("manager_id")} as manager,
          t.group_id, t.project_id, t.meeting_id, t.primary_item_id, t.secondary_item_id, t.is_public,
          t.notification,
          (t.notification is not null and t.notification <> 'null'::jsonb
            and t.notification ->> 'remind' is distinct from 'none') as has_notification,
          t.periodic_rule, t.periodic_series_id, t.occurrence_date, t.position, t.created_by,
          ${isoOf("t.deleted_at")} as deleted_at, ${isoOf("t.created_at")} as created_at,
          ${isoOf("t.updated_at")} as updated_at
        ) as item on t.id is not null`,
    )
    .orderBy(sql`t.expires_at asc nulls last, t.position asc, t.id asc`);
}

/** A page of tasks, deadline first and undated last, with the count of all that match, as JSON: one statement. */
export async function listTasks(
  db: DbOrTx,
  workspaceId: string,
  filter: TaskListFilter,
): Promise<{ rows: TaskPageRow[] }> {
  // The group tab reads the caller's groups first: with one group (the usual case) the database then walks that
  // group's live tasks in list order and stops after a page, instead of filtering the workspace's tasks.
  const groupIds =
    filter.tab === "group" ? (await memberGroupIds(db, workspaceId, filter.staffId)).map((row) => row.id) : [];
  const tab = {
    me: eq(tasks.assigneeId, filter.staffId),
    open_mine: and(eq(tasks.assigneeId, filter.staffId), OPEN),
    group:
      groupIds.length === 1
        ? eq(tasks.groupId, groupIds[0]!)
        : groupIds.length
          ? inArray(tasks.groupId, groupIds)
          : sql`false`,
    management: eq(tasks.managerId, filter.staffId),
    public: eq(tasks.isPublic, true),
    project: filter.projectId ? eq(tasks.projectId, filter.projectId) : sql`false`,
  }[filter.tab];
  // A tab that only holds tasks the viewer sees anyway (their own; for a staff member also their groups' and the
  // public ones) needs no visibility rule: leaving it out gives the same rows from a much simpler query.
  const tabIsVisible =
    filter.tab === "me" ||
    filter.tab === "open_mine" ||
    filter.tab === "management" ||
    (filter.viewer.kind === "member" && (filter.tab === "group" || filter.tab === "public"));
  const plain =
    tabIsVisible &&
    !filter.trash &&
    filter.includeUndated &&
    !filter.statuses?.length &&
    !filter.priorities?.length &&
    !filter.assigneeId &&
    !filter.managerId &&
    !filter.groupId &&
    !filter.projectId &&
    !filter.q;
  if (plain && (filter.tab === "open_mine" || filter.tab === "me" || filter.tab === "management")) {
    return listPlainTab(db, workspaceId, filter.tab, filter.staffId, filter);
  }
  if (plain && filter.tab === "group" && groupIds.length === 1) {
    return listPlainTab(db, workspaceId, "group", groupIds[0]!, filter);
  }
  const inRange = and(gte(tasks.expiresAt, filter.from), lte(tasks.expiresAt, filter.to));
  const where = and(
    eq(tasks.workspaceId, workspaceId),
    filter.trash ? isNotNull(tasks.deletedAt) : isNull(tasks.deletedAt),
    tab,
    filter.statuses?.length ? inArray(tasks.status, filter.statuses as TaskRow["status"][]) : undefined,
    filter.priorities?.length ? inArray(tasks.priority, filter.priorities as TaskRow["priority"][]) : undefined,
    filter.assigneeId ? eq(tasks.assigneeId, filter.assigneeId) : undefined,
    filter.managerId ? eq(tasks.managerId, filter.managerId) : undefined,
    filter.groupId ? eq(tasks.groupId, filter.groupId) : undefined,
    filter.projectId ? eq(tasks.projectId, filter.projectId) : undefined,
    filter.includeUndated ? or(isNull(tasks.expiresAt), inRange) : inRange,
    filter.q ? ilike(tasks.title, `%${escapeLike(filter.q)}%`) : undefined,
    tabIsVisible ? undefined : taskVisibleTo(db, workspaceId, filter.viewer),
  );
  return { rows: await taskPageQuery(db, where, filter.limit, filter.offset) };
}

/**
 * Open (未着手, 進行中), written as a literal rather than parameters, so that the planner of a prepared statement
 * knows it matches the predicate of the partial index `tasks_live_open_assignee_order_index` (migration 0022).
 */
const OPEN = sql`${tasks.status} in ('none', 'in_progress')`;

type PlainTab = "open_mine" | "me" | "management" | "group";

/**
 * The first pages people open most (`/app/task/me/list`, the me, management and one-group tabs without filters) as
 * statements prepared once per database handle, with the same rows and order as the general query: building a
 * Drizzle query costs ~0.2 ms of CPU per request, and a named statement spares PostgreSQL its parse and plan.
 */
function buildPlainTabStatement(db: DbOrTx, tab: PlainTab) {
  const key = sql.placeholder("key");
  const tabCondition = {
    open_mine: and(eq(tasks.assigneeId, key), OPEN),
    me: eq(tasks.assigneeId, key),
    management: eq(tasks.managerId, key),
    group: eq(tasks.groupId, key),
  }[tab];
  const where = and(
    eq(tasks.workspaceId, sql.placeholder("workspaceId")),
    isNull(tasks.deletedAt),
    tabCondition,
    or(
      isNull(tasks.expiresAt),
      and(gte(tasks.expiresAt, sql.placeholder("from")), lte(tasks.expiresAt, sql.placeholder("to"))),
    ),
  );
  return taskPageQuery(db, where, sql.placeholder("limit"), sql.placeholder("offset")).prepare(`task_page_${tab}`);
}

const plainTabStatements = new WeakMap<DbOrTx, Map<PlainTab, ReturnType<typeof buildPlainTabStatement>>>();

async function listPlainTab(db: DbOrTx, workspaceId: string, tab: PlainTab, key: string, filter: TaskListFilter) {
  let byTab = plainTabStatements.get(db);
  if (!byTab) {
    byTab = new Map();
    plainTabStatements.set(db, byTab);
  }
  let statement = byTab.get(tab);
  if (!statement) {
    statement = buildPlainTabStatement(db, tab);
    byTab.set(tab, statement);
  }
  const rows = await statement.execute({
    workspaceId,
    key,
    from: filter.from.toISOString(),
    to: filter.to.toISOString(),
    limit: filter.limit,
    offset: filter.offset,
  });
  return { rows };
}

export async function listStatusChanges(
  db: DbOrTx,
  workspaceId: string,
  taskId: string,
): Promise<TaskStatusChangeRow[]> {
  return db
    .select()
    .from(taskStatusChanges)
    .where(and(eq(taskStatusChanges.workspaceId, workspaceId), eq(taskStatusChanges.taskId, taskId)))
    .orderBy(desc(taskStatusChanges.changedAt), desc(taskStatusChanges.id))
    .limit(500);
}

export async function insertStatusChanges(
  db: DbOrTx,
  values: (typeof taskStatusChanges.$inferInsert)[],
): Promise<void> {
  if (values.length) await db.insert(taskStatusChanges).values(values);
}

export async function insertTasks(db: DbOrTx, values: (typeof tasks.$inferInsert)[]): Promise<TaskRow[]> {
  if (!values.length) return [];
  return db.insert(tasks).values(values).returning();
}

/**
 * What a status change at `at` writes to time in status besides the status (decision 0016): the span since the
 * status last changed (or since creation) is added to the seconds of the status the task leaves, from the row's own
 * columns in the same UPDATE, and the change becomes the last one.
 */
export function timeInStatusAt(at: Date): PgUpdateSetSource<typeof tasks> {
  const span = (status: "none" | "in_progress") =>
    sql`case when ${tasks.status} = ${status}
      then extract(epoch from ${at}::timestamptz - coalesce(${tasks.statusChangedAt}, ${tasks.createdAt})) else 0 end`;
  return {
    statusChangedAt: at,
    notStartedSeconds: sql`${tasks.notStartedSeconds} + ${span("none")}`,
    inProgressSeconds: sql`${tasks.inProgressSeconds} + ${span("in_progress")}`,
  };
}

export async function updateTasks(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  values: PgUpdateSetSource<typeof tasks>,
): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db
    .update(tasks)
    .set(values)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids)))
    .returning();
}
