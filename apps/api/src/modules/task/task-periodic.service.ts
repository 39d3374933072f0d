import { addDays, addMonths, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { Task, TaskDetail } from "@tasuki/contract/task/task.schema";
import type { TaskOccurrence } from "@tasuki/contract/task/task-periodic.contract";
import { v7 as uuidv7 } from "uuid";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import type { Membership } from "../../http/workspace-scope.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import type { HolidayCalendar } from "../../lib/holiday-calendar.ts";
import { loadWorkspaceCalendar } from "../calendar/workspace-calendar.ts";
import { requireRuleOccurs } from "./periodic-rule-check.ts";
import { deadlineFor } from "./recurrence/deadline.ts";
import { planRegeneration } from "./recurrence/plan-regeneration.ts";
import { OUTLOOK_YEARS } from "./recurrence/rule-outlook.ts";
import { insertTasks, type TaskRow, updateTasks } from "./task.repository.ts";
import { lockTasks, openTasks, requireTaskWriter, taskInTrash } from "./task-access.ts";
import { findLiveOccurrences, findOccurrences, findPeriodicTemplates } from "./task-periodic.repository.ts";
import { presentAll, presentDetail } from "./task-presentation.ts";

/** The rolling horizon: occurrences are generated from today up to this many days ahead, at most MAX of them. */
export const PERIODIC_HORIZON_DAYS = 60;
export const PERIODIC_MAX_OCCURRENCES = 100;

/**
 * The days a series avoids (DOMAIN.md, 会社カレンダー): public holidays and the workspace's own closed days (年末年始,
 * 夏季休業) over the horizon, with a month either side for a date moved to the business day before or after. With
 * public holidays only, a weekly chore on Wednesdays fell on 12/30 while the company was closed.
 */
export function periodicCalendar(
  db: DbOrTx,
  workspaceId: string,
  today: string,
  lastDay = addDays(today, PERIODIC_HORIZON_DAYS),
): Promise<HolidayCalendar> {
  return loadWorkspaceCalendar(db, workspaceId, addDays(today, -31), addDays(lastDay, 31));
}

const occurrenceAsTemplate = () =>
  conflict(
    "periodic_occurrence",
    "繰り返しで作成されたタスクには繰り返しを設定できません。元のタスクで設定してください。",
    "a generated occurrence cannot be the template of a series; set the rule on its template",
  );

/** A generated occurrence: the template's content and place, not started, due on its date. */
function occurrenceOf(template: TaskRow, seriesId: string, rule: RecurrenceRule, date: string, position: number) {
  const { expires_at, starts_at } = deadlineFor(date, rule);
  return {
    workspaceId: template.workspaceId,
    title: template.title,
    description: template.description,
    descriptionSource: template.descriptionSource,
    status: "none" as const,
    priority: template.priority,
    startsAt: new Date(starts_at),
    expiresAt: new Date(expires_at),
    assigneeId: template.assigneeId,
    managerId: template.managerId,
    groupId: template.groupId,
    projectId: template.projectId,
    meetingId: template.meetingId,
    primaryItemId: template.primaryItemId,
    secondaryItemId: template.secondaryItemId,
    isPublic: template.isPublic,
    notification: template.notification,
    periodicRule: null,
    periodicSeriesId: seriesId,
    occurrenceDate: date,
    periodicTouched: false,
    position,
    // The template's creator, so that the occurrences are seen by whoever sees the template.
    createdBy: template.createdBy,
  };
}

/**
 * One series' plan over [today, today + horizon]: which untouched future occurrences go and which new rows
 * come, placed after everything so far in date order (the clock's milliseconds, as for a new task).
 */
function planSeries(
  row: TaskRow,
  seriesId: string,
  rule: RecurrenceRule | null,
  existing: TaskRow[],
  now: Date,
  calendar: HolidayCalendar,
): { delete: string[]; create: ReturnType<typeof occurrenceOf>[] } {
  const plan = planRegeneration({
    oldRule: (row.periodicRule as RecurrenceRule | null) ?? null,
    newRule: rule,
    existing: existing
      .filter((occurrence) => occurrence.periodicSeriesId === seriesId)
      .map((occurrence) => ({
        id: occurrence.id,
        date: occurrence.occurrenceDate!,
        touched: occurrence.periodicTouched || occurrence.deletedAt !== null,
      })),
    today: tokyoDate(now),
    horizonDays: PERIODIC_HORIZON_DAYS,
    calendar,
  });
  const create = rule
    ? plan.create
        .slice(0, PERIODIC_MAX_OCCURRENCES)
        .map((date, index) => occurrenceOf(row, seriesId, rule, date, now.getTime() + index / 1000))
    : [];
  return { delete: plan.delete, create };
}

/**
 * Brings the series of each template in line with its rule (null: stop repeating) in one transaction: the
 * plan of `planRegeneration` over [today, today + horizon]; past and touched occurrences are never changed.
 */
async function regenerate(
  ctx: AppContext,
  member: Membership,
  templates: TaskRow[],
  rule: RecurrenceRule | null,
): Promise<TaskRow[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Re-read and locked: two edits of one rule at once would otherwise both start a series from the same copy.
    const locked = await lockTasks(
      tx,
      member,
      templates.map((row) => row.id),
      { writable: true },
    );
    if (locked.some((row) => row.occurrenceDate !== null)) throw occurrenceAsTemplate();
    const withSeries = locked.map((row) => ({ row, seriesId: row.periodicSeriesId ?? uuidv7() }));
    const existing = await findOccurrences(
      tx,
      member.workspaceId,
      withSeries.map((entry) => entry.seriesId),
    );
    const today = tokyoDate(now);
    // A new rule is judged over the ten years of rule-outlook.ts (which hold the horizon): refused, nothing changes.
    const last = rule ? addMonths(today, OUTLOOK_YEARS * 12) : undefined;
    const calendar = await periodicCalendar(tx, member.workspaceId, today, last);
    if (rule) requireRuleOccurs(rule, today, calendar);
    const toDelete: string[] = [];
    const toCreate: ReturnType<typeof occurrenceOf>[] = [];
    for (const { row, seriesId } of withSeries) {
      const plan = planSeries(row, seriesId, rule, existing, now, calendar);
      toDelete.push(...plan.delete);
      toCreate.push(...plan.create);
    }
    // What the generator trashes also leaves the series, so that the date can be made again later (a rule changed
    // back, a series restarted); a row a person trashed stays in it and keeps its date (touched).
    await updateTasks(tx, member.workspaceId, toDelete, {
      deletedAt: now,
      deletedBatch: uuidv7(),
      periodicSeriesId: null,
    });
    await insertTasks(tx, toCreate);
    const saved: TaskRow[] = [];
    for (const { row, seriesId } of withSeries) {
      const [updated] = await updateTasks(tx, member.workspaceId, [row.id], {
        periodicRule: rule as Record<string, unknown> | null,
        periodicSeriesId: seriesId,
      });
      saved.push(updated!);
    }
    return saved;
  });
}

/** The live occurrences of the series, by date. */
async function occurrencesBySeries(
  ctx: AppContext,
  workspaceId: string,
  seriesIds: string[],
): Promise<Map<string, TaskOccurrence[]>> {
  const rows = await findLiveOccurrences(ctx.db, workspaceId, seriesIds);
  const bySeries = new Map<string, TaskOccurrence[]>();
  for (const row of rows) {
    const list = bySeries.get(row.periodicSeriesId!) ?? [];
    list.push({ id: row.id, occurrence_date: row.occurrenceDate!, expires_at: row.expiresAt?.toISOString() ?? null });
    bySeries.set(row.periodicSeriesId!, list);
  }
  return bySeries;
}

/** The templates behind ids: visible (else 404), editable by the caller (else 403), live, not occurrences. */
async function openTemplates(ctx: AppContext, auth: RequestAuth, ids: string[]) {
  const { member, rows } = await openTasks(ctx, auth, ids);
  for (const row of rows) {
    requireTaskWriter(member, row);
    if (row.deletedAt) throw taskInTrash();
    if (row.occurrenceDate !== null) throw occurrenceAsTemplate();
  }
  return { member, rows };
}

async function detailWithOccurrences(
  ctx: AppContext,
  row: TaskRow,
): Promise<TaskDetail & { occurrences: TaskOccurrence[] }> {
  const occurrences = await occurrencesBySeries(
    ctx,
    row.workspaceId,
    row.periodicSeriesId ? [row.periodicSeriesId] : [],
  );
  return { ...(await presentDetail(ctx, row)), occurrences: occurrences.get(row.periodicSeriesId ?? "") ?? [] };
}

export async function setTaskPeriodic(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  rule: RecurrenceRule,
): Promise<TaskDetail & { occurrences: TaskOccurrence[] }> {
  const { member, rows } = await openTemplates(ctx, auth, [id]);
  const [saved] = await regenerate(ctx, member, rows, rule);
  return detailWithOccurrences(ctx, saved!);
}

export async function clearTaskPeriodic(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
): Promise<TaskDetail & { occurrences: TaskOccurrence[] }> {
  const { member, rows } = await openTemplates(ctx, auth, [id]);
  const row = rows[0]!;
  // A task that never repeated has no series to clear.
  if (!row.periodicSeriesId) return detailWithOccurrences(ctx, row);
  const [saved] = await regenerate(ctx, member, rows, null);
  return detailWithOccurrences(ctx, saved!);
}

export async function setTasksPeriodic(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  ids: string[],
  rule: RecurrenceRule,
): Promise<{ items: (Task & { occurrences: TaskOccurrence[] })[] }> {
  const { member, rows } = await openTemplates(ctx, auth, ids);
  if (member.workspaceId !== workspaceId) throw notFound("task");
  const saved = await regenerate(ctx, member, rows, rule);
  const order = new Map(ids.map((taskId, index) => [taskId, index]));
  saved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const occurrences = await occurrencesBySeries(
    ctx,
    member.workspaceId,
    saved.map((row) => row.periodicSeriesId!),
  );
  const presented = await presentAll(ctx, ctx.db, member.workspaceId, saved);
  return {
    items: presented.map((task) => ({ ...task, occurrences: occurrences.get(task.periodic_series_id ?? "") ?? [] })),
  };
}

/**
 * The daily re-planning (periodic-replan.job.ts): every live periodic template of every workspace gets
 * the occurrences its unchanged rule produces up to the rolling horizon, by the same plan as an edit of the
 * rule (`planRegeneration` with the rule as both old and new), one transaction per workspace. The templates
 * themselves are not written, so their 更新日 stays that of the last person's edit. Idempotent: a second run
 * on the same day finds every date held and creates nothing.
 */
export async function extendPeriodicSeries(ctx: AppContext): Promise<{ templates: number; created: number }> {
  const now = ctx.now();
  const templates = await findPeriodicTemplates(ctx.db);
  const byWorkspace = new Map<string, TaskRow[]>();
  for (const row of templates) {
    if (row.occurrenceDate !== null) continue;
    byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
  }
  let created = 0;
  for (const [workspaceId, rows] of byWorkspace) {
    created += await ctx.db.transaction(async (tx) => {
      const existing = await findOccurrences(
        tx,
        workspaceId,
        rows.map((row) => row.periodicSeriesId!),
      );
      const calendar = await periodicCalendar(tx, workspaceId, tokyoDate(now));
      const toDelete: string[] = [];
      const toCreate: ReturnType<typeof occurrenceOf>[] = [];
      for (const row of rows) {
        const plan = planSeries(
          row,
          row.periodicSeriesId!,
          row.periodicRule as RecurrenceRule,
          existing,
          now,
          calendar,
        );
        toDelete.push(...plan.delete);
        toCreate.push(...plan.create);
      }
      // Only duplicates of a held date can be planned for deletion here (the rule did not change).
      await updateTasks(tx, workspaceId, toDelete, { deletedAt: now, deletedBatch: uuidv7(), periodicSeriesId: null });
      await insertTasks(tx, toCreate);
      return toCreate.length;
    });
  }
  return { templates: [...byWorkspace.values()].reduce((sum, rows) => sum + rows.length, 0), created };
}
