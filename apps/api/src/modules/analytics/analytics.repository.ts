import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { projectVisibleTo, type TaskViewer, taskVisibleTo, visibleProjectIds } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { groups, projects, workspaces } from "../../db/schema/workspaces.ts";

/** A scope's tasks as a condition on `tasks`: which column ties them to it (a group's with its sub-groups). */
export type ScopeFilter =
  | { kind: "workspace" }
  | { kind: "group"; groupId: string }
  | { kind: "project"; projectId: string }
  | { kind: "management"; staffId: string }
  | { kind: "workspace_user"; staffId: string };

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A group and every live group below it. */
export function subtreeOf(workspaceId: string, groupId: string): SQL {
  return sql`(with recursive sub(id) as (
      select id from groups where id = ${groupId} and workspace_id = ${workspaceId} and deleted_at is null
      union all
      select g.id from groups g join sub on g.parent_id = sub.id where g.workspace_id = ${workspaceId} and g.deleted_at is null
    ) select id from sub)`;
}

/** The live tasks of a scope that the viewer may see (the task lists' rule), as a condition on `tasks`. */
export function scopedTasks(db: DbOrTx, workspaceId: string, scope: ScopeFilter, viewer: TaskViewer): SQL {
  const byScope = {
    workspace: undefined,
    group: scope.kind === "group" ? sql`${tasks.groupId} in ${subtreeOf(workspaceId, scope.groupId)}` : undefined,
    project: scope.kind === "project" ? eq(tasks.projectId, scope.projectId) : undefined,
    management: scope.kind === "management" ? eq(tasks.managerId, scope.staffId) : undefined,
    workspace_user: scope.kind === "workspace_user" ? eq(tasks.assigneeId, scope.staffId) : undefined,
  }[scope.kind];
  return and(
    eq(tasks.workspaceId, workspaceId),
    isNull(tasks.deletedAt),
    byScope,
    taskVisibleTo(db, workspaceId, viewer),
  )!;
}

/**
 * The scope's tasks with when each was completed: `tasks.completed_at`, the last move to 完了 of a task that is 完了
 * or クローズ now, kept with every status change (a reopened task counts again only when it is completed again), so
 * no figure reads the status history to know it. Read once by the statement, so the planner inlines it.
 */
function scopedWithCompletion(db: DbOrTx, workspaceId: string, scope: ScopeFilter, viewer: TaskViewer): SQL {
  return sql`t as (
      select tasks.status, tasks.priority, tasks.created_at, tasks.expires_at, tasks.assignee_id,
        tasks.group_id, tasks.project_id, tasks.periodic_series_id, tasks.completed_at as done_at
      from tasks
      where ${scopedTasks(db, workspaceId, scope, viewer)}
    )`;
}

export interface Instants {
  now: Date;
  start: Date;
  end: Date;
}

export interface SummaryRow {
  open_now: number;
  not_started_now: number;
  in_progress_now: number;
  overdue_now: number;
  no_deadline_now: number;
  due_total: number;
  due_not_started: number;
  due_in_progress: number;
  due_done: number;
  due_closed: number;
  due_overdue: number;
  created: number;
  completed: number;
  completed_with_deadline: number;
  completed_on_time: number;
  lead_average_s: number | null;
  lead_median_s: number | null;
  periodic_due: number;
  periodic_on_time: number;
  not_started_s: number | null;
  in_progress_s: number | null;
  weeks: WeekRow[];
}

/** A week index no week reaches: "never" for the weekly trend's overdue bounds. */
const NEVER = 1_000_000;

const instant = (ms: number) => new Date(ms).toISOString();
/** Server-made instants as a `timestamptz[]` literal (ascending), for `width_bucket`. */
const instants = (ms: number[]) => sql.raw(`'{${ms.map(instant).join(",")}}'::timestamptz[]`);

/**
 * Every figure of the summary in one statement and one pass over the scope's tasks. An inner select works out, once
 * per task, what the figures ask of it (open, due, late, completed in the period, the weeks of the trend it counts
 * in); the outer aggregate only counts those answers (`offset 0` keeps the planner from folding the two together
 * and evaluating each expression again in every count that uses it). Time in status is read from the task's own
 * columns (`not_started_seconds`, `in_progress_seconds`, kept with every status change), not from the history;
 * for a view_all_tasks caller every column read is in `tasks_live_analytics_index` (an index-only scan). The
 * median lead time reads the period's completed tasks again, through `tasks_live_completed_index`.
 *
 * The weekly trend, as week indices: `created_week` / `completed_week` are the week (1-based) of the creation /
 * completion among `weekStarts`. A task is overdue at week k's cut (its end, or now for the current week) when it
 * was created and due before the cut and was open at it: from the first cut after both (`overdue_from`) to the
 * last cut before its completion (`overdue_until`, exclusive; never for a task open now, so a task completed,
 * reopened and open now counts as open throughout, as decision 0016 says).
 */
export async function summaryFigures(
  db: DbOrTx,
  workspaceId: string,
  scope: ScopeFilter,
  viewer: TaskViewer,
  at: Instants,
  weekStarts: Date[],
): Promise<SummaryRow> {
  const { now, start, end } = at;
  const inPeriod = (column: SQL) => sql`(${column} >= ${start} and ${column} < ${end})`;
  const first = weekStarts[0]!.getTime();
  const bounds = Array.from({ length: weekStarts.length + 1 }, (_, week) => first + week * WEEK_MS);
  // The cuts of the weeks begun by now: each week's end, or now for the current one (non-decreasing).
  const cuts = bounds
    .slice(0, -1)
    .filter((from) => from <= now.getTime())
    .map((from) => Math.min(from + WEEK_MS, now.getTime()));
  const int = (value: number) => sql.raw(String(value));
  const weeks = weekStarts.map(
    (_, week) =>
      sql`jsonb_build_object('week', ${int(week)},
        'created', count(*) filter (where created_week = ${int(week + 1)})::int,
        'completed', count(*) filter (where completed_week = ${int(week + 1)})::int,
        'overdue_at_end', ${
          week < cuts.length
            ? sql`count(*) filter (where overdue_from <= ${int(week)} and overdue_until > ${int(week)})::int`
            : sql`null::int`
        })`,
  );
  // A function takes at most 100 arguments (a two-year range has 105 weeks): arrays of 50 weeks, concatenated.
  const chunks: SQL[] = [];
  for (let i = 0; i < weeks.length; i += 50)
    chunks.push(sql`jsonb_build_array(${sql.join(weeks.slice(i, i + 50), sql`, `)})`);
  const open = sql`status in ('none', 'in_progress')`;
  const [row] = await rowsOf<SummaryRow>(
    db,
    sql`select
      count(*) filter (where open)::int as open_now,
      count(*) filter (where status = 'none')::int as not_started_now,
      count(*) filter (where status = 'in_progress')::int as in_progress_now,
      count(*) filter (where open and late)::int as overdue_now,
      count(*) filter (where open and expires_at is null)::int as no_deadline_now,
      count(*) filter (where due)::int as due_total,
      count(*) filter (where due and status = 'none')::int as due_not_started,
      count(*) filter (where due and status = 'in_progress')::int as due_in_progress,
      count(*) filter (where due and status = 'done')::int as due_done,
      count(*) filter (where due and status = 'closed')::int as due_closed,
      count(*) filter (where due and open and late)::int as due_overdue,
      count(*) filter (where created_in)::int as created,
      count(*) filter (where completed_in)::int as completed,
      count(*) filter (where completed_in and expires_at is not null)::int as completed_with_deadline,
      count(*) filter (where completed_in and on_time)::int as completed_on_time,
      (avg(lead_s) filter (where completed_in))::float8 as lead_average_s,
      (select percentile_cont(0.5) within group (order by extract(epoch from completed_at - created_at))
        from tasks where ${scopedTasks(db, workspaceId, scope, viewer)} and ${inPeriod(sql`completed_at`)}
      )::float8 as lead_median_s,
      count(*) filter (where periodic_due)::int as periodic_due,
      count(*) filter (where periodic_due and on_time)::int as periodic_on_time,
      (sum(not_started_seconds) filter (where completed_in))::float8 as not_started_s,
      (sum(in_progress_seconds) filter (where completed_in))::float8 as in_progress_s,
      ${sql.join(chunks, sql` || `)} as weeks
    from (
      select status, expires_at, not_started_seconds, in_progress_seconds,
        ${open} as open,
        ${inPeriod(sql`expires_at`)} as due,
        expires_at < ${now} as late,
        ${inPeriod(sql`created_at`)} as created_in,
        ${inPeriod(sql`completed_at`)} as completed_in,
        completed_at <= expires_at as on_time,
        extract(epoch from completed_at - created_at) as lead_s,
        (periodic_series_id is not null and expires_at >= ${start}
          and expires_at < least(${end}::timestamptz, ${now}::timestamptz)) as periodic_due,
        width_bucket(created_at, ${instants(bounds)}) as created_week,
        width_bucket(completed_at, ${instants(bounds)}) as completed_week,
        ${
          cuts.length
            ? sql`case when expires_at is null then ${int(NEVER)}
                else width_bucket(greatest(created_at, expires_at), ${instants(cuts)}) end`
            : int(NEVER)
        } as overdue_from,
        ${
          cuts.length
            ? sql`case when ${open} then ${int(NEVER)} when completed_at is null then 0
                else width_bucket(completed_at - interval '1 microsecond', ${instants(cuts)}) end`
            : sql`0`
        } as overdue_until
      from tasks
      where ${scopedTasks(db, workspaceId, scope, viewer)}
      offset 0
    ) as t`,
  );
  return row!;
}

export interface WeekRow {
  week: number;
  created: number;
  completed: number;
  overdue_at_end: number | null;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

export interface WorkloadRow {
  assignee_id: string | null;
  open: number;
  overdue: number;
  today: number;
  within_3_days: number;
  within_7_days: number;
  later: number;
  no_deadline: number;
  people: number;
}

/** Open tasks per assignee by deadline bucket; `days` are the instants today, +4 and +8 days start (Tokyo). */
export async function workloadFigures(
  db: DbOrTx,
  workspaceId: string,
  scope: ScopeFilter,
  viewer: TaskViewer,
  now: Date,
  days: { tomorrow: Date; in4: Date; in8: Date },
  limit: number,
): Promise<WorkloadRow[]> {
  return rowsOf<WorkloadRow>(
    db,
    sql`select assignee_id,
      count(*)::int as open,
      count(*) filter (where expires_at < ${now})::int as overdue,
      count(*) filter (where expires_at >= ${now} and expires_at < ${days.tomorrow})::int as today,
      count(*) filter (where expires_at >= ${days.tomorrow} and expires_at < ${days.in4})::int as within_3_days,
      count(*) filter (where expires_at >= ${days.in4} and expires_at < ${days.in8})::int as within_7_days,
      count(*) filter (where expires_at >= ${days.in8})::int as later,
      count(*) filter (where expires_at is null)::int as no_deadline,
      (count(*) over ())::int as people
    from tasks
    where ${scopedTasks(db, workspaceId, scope, viewer)} and status in ('none', 'in_progress')
    group by assignee_id
    order by overdue desc, open desc, assignee_id nulls last
    limit ${limit}`,
  );
}

export type BreakdownKey = "group_rollup" | "group" | "project" | "person" | "priority" | "status";

/**
 * The key of the row that gathers the tasks of projects the viewer may not see: a public task of such a project
 * is counted (the viewer may open it), but the project's id and name stay unknown to them.
 */
export const HIDDEN_PROJECT_KEY = "hidden";

export interface BreakdownRow {
  key: string | null;
  total: number;
  open: number;
  overdue: number;
  created: number;
  completed: number;
  completed_on_time: number;
}

/**
 * The scope's tasks grouped by one key. `group_rollup` puts each task under the top of its branch below
 * `rollupRoot` (a group scope's group, whose own tasks keep its id) or below the workspace's root groups.
 */
export async function breakdownFigures(
  db: DbOrTx,
  workspaceId: string,
  scope: ScopeFilter,
  viewer: TaskViewer,
  at: Instants,
  by: BreakdownKey,
  rollupRoot: string | null,
  limit: number,
  /** Which projects the viewer sees (the project pages' rule): null, all of them. */
  projectViewer: string | null,
): Promise<BreakdownRow[]> {
  const { now, start, end } = at;
  const inPeriod = (column: SQL) => sql`(${column} >= ${start} and ${column} < ${end})`;
  const tops = rollupRoot
    ? sql`select id, id as top from groups where parent_id = ${rollupRoot} and workspace_id = ${workspaceId} and deleted_at is null
          union all select ${rollupRoot}::uuid, ${rollupRoot}::uuid`
    : sql`select id, id as top from groups where parent_id is null and workspace_id = ${workspaceId} and deleted_at is null`;
  const key = {
    group_rollup: sql`tree.top::text`,
    group: sql`t.group_id::text`,
    project: projectViewer
      ? sql`case when t.project_id is null then null
          when ${inArray(sql`t.project_id`, visibleProjectIds(db, workspaceId, projectViewer))} then t.project_id::text
          else ${HIDDEN_PROJECT_KEY} end`
      : sql`t.project_id::text`,
    person: sql`t.assignee_id::text`,
    priority: sql`t.priority`,
    status: sql`t.status`,
  }[by];
  // The recursion stops at the rollup root, whose row is seeded itself and must not pull its children twice.
  const tree =
    by === "group_rollup"
      ? sql`, tree(id, top) as (
          ${tops}
          union all
          select g.id, tree.top from groups g join tree on g.parent_id = tree.id
          where g.workspace_id = ${workspaceId} and g.deleted_at is null and tree.id <> ${rollupRoot ?? sql`'00000000-0000-0000-0000-000000000000'::uuid`}
        )`
      : sql``;
  const join = by === "group_rollup" ? sql`left join tree on tree.id = t.group_id` : sql``;
  return rowsOf<BreakdownRow>(
    db,
    sql`with recursive ${scopedWithCompletion(db, workspaceId, scope, viewer)} ${tree}
    select ${key} as key,
      count(*)::int as total,
      count(*) filter (where status in ('none', 'in_progress'))::int as open,
      count(*) filter (where status in ('none', 'in_progress') and expires_at < ${now})::int as overdue,
      count(*) filter (where ${inPeriod(sql`created_at`)})::int as created,
      count(*) filter (where ${inPeriod(sql`done_at`)})::int as completed,
      count(*) filter (where ${inPeriod(sql`done_at`)} and done_at <= expires_at)::int as completed_on_time
    from t ${join}
    group by 1
    order by open desc, total desc, 1 nulls last
    limit ${limit}`,
  );
}

// ---- Names and reach ---------------------------------------------------------------------------------------

export async function findWorkspaceName(db: DbOrTx, workspaceId: string): Promise<string | null> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? null;
}

export async function findLiveGroup(db: DbOrTx, workspaceId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, groupId), isNull(groups.deletedAt)));
  return row ?? null;
}

export async function findLiveProject(db: DbOrTx, workspaceId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, managerId: projects.managerId })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), eq(projects.id, projectId), isNull(projects.deletedAt)));
  return row ?? null;
}

/** Live projects, all of them or those the staff member may see, in the manual order. */
export async function listProjectsFor(db: DbOrTx, workspaceId: string, staffId: string | null) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        isNull(projects.deletedAt),
        eq(projects.status, "active"),
        staffId ? projectVisibleTo(db, workspaceId, staffId) : undefined,
      ),
    )
    .orderBy(projects.position, projects.id);
}

/** Names of groups or projects by id (for breakdown rows). */
export async function namesOf(db: DbOrTx, workspaceId: string, kind: "group" | "project", ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const table = kind === "group" ? groups : projects;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
