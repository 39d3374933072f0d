import { cutText } from "@tasuki/contract/common/cut-text";
import { addDays, type CalendarDate, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { DayBasis } from "@tasuki/contract/template/template.schema";
import { TEMPLATE_LIMITS } from "@tasuki/contract/template/template.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { TemplateTaskNode } from "../../db/schema/templates.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { badRequest } from "../../lib/app-error.ts";
import { loadWorkspaceCalendar } from "../calendar/workspace-calendar.ts";
import { openItems } from "../item/item.service.ts";
import { itemInTrash } from "../item/item-access.ts";
import { findCopyableTree } from "../item/item-copy.ts";
import { openTasks, type TaskRow, taskInTrash } from "../task/task-access.ts";
import { insertTemplateLast, requireTemplateEditor } from "./template.service.ts";
import { CALENDAR_SPAN_DAYS, dayCounter } from "./template-dates.ts";

const tooLarge = () =>
  badRequest(
    "template_too_large",
    `テンプレートにできるタスクは${TEMPLATE_LIMITS.maxTasks}件まで、中項目は${TEMPLATE_LIMITS.maxSecondaryItems}件までです。`,
    "the item has more tasks or secondary items than a template may hold",
  );

const byPosition = <T extends { position: number; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Turns existing tasks' dates into offsets and durations: the earliest day any of them starts (or is due, for one
 * without a start) is day 0, counted in the chosen basis on the workspace's calendar. A task without dates starts
 * on day 0 and lasts a day; the person it is assigned to becomes the `user` rule (whoever uses the template),
 * an unassigned task stays unassigned.
 */
async function toNodes(
  ctx: AppContext,
  workspaceId: string,
  rows: TaskRow[],
  basis: DayBasis,
): Promise<(task: TaskRow) => TemplateTaskNode> {
  const dayOf = (at: Date | null) => (at ? tokyoDate(at) : null);
  const firsts = rows.map((row) => dayOf(row.startsAt) ?? dayOf(row.expiresAt)).filter((day): day is string => !!day);
  const dayZero: CalendarDate = firsts.length ? firsts.reduce((a, b) => (a < b ? a : b)) : tokyoDate(ctx.now());
  const calendar = await loadWorkspaceCalendar(ctx.db, workspaceId, dayZero, addDays(dayZero, CALENDAR_SPAN_DAYS));
  const counter = dayCounter(dayZero, basis, calendar);
  const limitDay = addDays(dayZero, CALENDAR_SPAN_DAYS - 400);
  const capped = (day: CalendarDate) => (day > limitDay ? limitDay : day);
  return (task) => {
    const start = capped(dayOf(task.startsAt) ?? dayOf(task.expiresAt) ?? dayZero);
    const due = capped(dayOf(task.expiresAt) ?? start);
    const offset = counter.offsetOf(start);
    const duration = due > start ? counter.offsetOf(due) - offset + 1 : 1;
    return {
      title: task.title,
      description: cutText(task.description, 10000),
      priority: task.priority,
      start_offset_days: clamp(offset, 0, TEMPLATE_LIMITS.maxOffsetDays),
      duration_days: clamp(duration, 1, TEMPLATE_LIMITS.maxDurationDays),
      assignee_rule: task.assigneeId ? "user" : "none",
      checklist: [],
    };
  };
}

/** 「テンプレートとして保存」 of a task: a task template with its fields and its length. */
export async function saveTaskAsTemplate(
  ctx: AppContext,
  auth: RequestAuth,
  input: { task_id: string; title?: string | undefined; day_basis: DayBasis },
) {
  const { member, rows } = await openTasks(ctx, auth, [input.task_id]);
  requireTemplateEditor(member);
  const task = rows[0]!;
  if (task.deletedAt) throw taskInTrash();
  const node = (await toNodes(ctx, member.workspaceId, [task], input.day_basis))(task);
  const { title, description, ...fields } = node;
  return insertTemplateLast(ctx.db, member, {
    kind: "task",
    name: input.title ?? title,
    description,
    dayBasis: input.day_basis,
    origin: "saved",
    body: { kind: "task", task: { ...fields, start_offset_days: 0 } },
  });
}

/**
 * 「テンプレートとして保存」 of an item: the primary item with its live secondary items and tasks (or a secondary
 * item with its live tasks), read with the item module's copy readers, in their manual order. Like a copy, it takes
 * only the tasks the caller sees: a template shows their titles and descriptions to everyone who reads templates.
 */
export async function saveItemAsTemplate(
  ctx: AppContext,
  auth: RequestAuth,
  level: "primary" | "secondary",
  input: { id: string; name?: string | undefined; day_basis: DayBasis },
) {
  const { member, rows } = await openItems(ctx, auth, level, [input.id]);
  requireTemplateEditor(member);
  const item = rows[0]!;
  if (item.deletedAt) throw itemInTrash();
  const workspaceId = member.workspaceId;
  const tree = await findCopyableTree(ctx.db, member, level, item);
  const children = byPosition(tree.children);
  const tasks = byPosition(tree.tasks);
  if (tasks.length > TEMPLATE_LIMITS.maxTasks || children.length > TEMPLATE_LIMITS.maxSecondaryItems) throw tooLarge();
  const node = await toNodes(ctx, workspaceId, tasks, input.day_basis);
  const name = input.name ?? item.name;
  const description = cutText(item.description, 10000);
  if (level === "secondary") {
    return insertTemplateLast(ctx.db, member, {
      kind: "secondary_item",
      name,
      description,
      dayBasis: input.day_basis,
      origin: "saved",
      body: { kind: "secondary_item", tasks: tasks.map(node) },
    });
  }
  return insertTemplateLast(ctx.db, member, {
    kind: "primary_item",
    name,
    description,
    dayBasis: input.day_basis,
    origin: "saved",
    body: {
      kind: "primary_item",
      secondary_items: children.map((child) => ({
        name: child.name,
        description: cutText(child.description, 10000),
        tasks: tasks.filter((task) => task.secondaryItemId === child.id).map(node),
      })),
      // A task under a trashed secondary item is left out, as a duplicate leaves it.
      tasks: tasks.filter((task) => task.secondaryItemId === null).map(node),
    },
  });
}
