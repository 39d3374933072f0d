import { addDays, type CalendarDate, deadlineOfDate, startOfTokyoDay } from "@tasuki/contract/rules/tokyo-date";
import type { Task } from "@tasuki/contract/task/task.schema";
import type { DatedTask, TemplatePreview } from "@tasuki/contract/template/preview-template.contract";
import type { DayBasis, TemplateKind } from "@tasuki/contract/template/template.schema";
import type { UsedPrimaryItem, UsedSecondaryItem } from "@tasuki/contract/template/use-template.schema";
import { v7 as uuidv7 } from "uuid";
import { type ItemParent, requireParentsVisible } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { TemplateBody, TemplateTaskNode } from "../../db/schema/templates.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, forbidden } from "../../lib/app-error.ts";
import { loadWorkspaceCalendar } from "../calendar/workspace-calendar.ts";
import { presentItem } from "../item/item.service.ts";
import {
  itemInTrash,
  meetingNotFound,
  projectNotFound,
  requireItemWriter,
  requireLiveParents,
} from "../item/item-access.ts";
import {
  findPrimaryItems,
  findSecondaryItems,
  type ItemRow,
  insertItemRows,
  lastPositionIn,
} from "../item/item-rows.ts";
import { notifyTaskChanges } from "../notification/notification.service.ts";
import { insertTaskRows } from "../task/task.service.ts";
import type { TaskRow } from "../task/task-access.ts";
import { presentAll } from "../task/task-presentation.ts";
import { findLiveStaffIds } from "../workspace-user/staff-directory.service.ts";
import { findParentManagers, type TemplateRow } from "./template.repository.ts";
import { findWorkspaceTemplates, requireTemplateReader } from "./template.service.ts";
import { CALENDAR_SPAN_DAYS, type DayCounter, dayCounter, daysOff } from "./template-dates.ts";

/** A template's tree as `use` and the preview read it, whatever its kind (a task template is a tree of one task). */
interface Tree {
  templateId: string | null;
  kind: TemplateKind;
  name: string;
  description: string;
  dayBasis: DayBasis;
  secondaryItems: { name: string; description: string; tasks: TemplateTaskNode[] }[];
  tasks: TemplateTaskNode[];
}

export function treeOf(row: TemplateRow): Tree {
  const body: TemplateBody = row.body;
  const base = {
    templateId: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    dayBasis: row.dayBasis,
  };
  if (body.kind === "task") {
    return { ...base, secondaryItems: [], tasks: [{ title: row.name, description: row.description, ...body.task }] };
  }
  if (body.kind === "secondary_item") return { ...base, secondaryItems: [], tasks: body.tasks };
  return { ...base, secondaryItems: body.secondary_items, tasks: body.tasks };
}

interface DatedNode {
  node: TemplateTaskNode;
  startsOn: CalendarDate;
  dueOn: CalendarDate;
}

interface DatedTree extends Omit<Tree, "secondaryItems" | "tasks"> {
  secondaryItems: { name: string; description: string; tasks: DatedNode[] }[];
  tasks: DatedNode[];
}

function dateTree(tree: Tree, counters: (basis: DayBasis) => DayCounter): DatedTree {
  const counter = counters(tree.dayBasis);
  const date = (node: TemplateTaskNode): DatedNode => {
    const startsOn = counter.startOf(node.start_offset_days);
    return { node, startsOn, dueOn: counter.dueOf(startsOn, node.duration_days) };
  };
  return {
    ...tree,
    secondaryItems: tree.secondaryItems.map((item) => ({ ...item, tasks: item.tasks.map(date) })),
    tasks: tree.tasks.map(date),
  };
}

/** The dates of every tree from the start date, on the workspace's calendar (holidays and closed days). */
async function dateTrees(db: DbOrTx, workspaceId: string, startDate: CalendarDate, trees: Tree[]) {
  const calendar = await loadWorkspaceCalendar(db, workspaceId, startDate, addDays(startDate, CALENDAR_SPAN_DAYS));
  const counters = new Map<DayBasis, DayCounter>();
  const counterOf = (basis: DayBasis) => {
    if (!counters.has(basis)) counters.set(basis, dayCounter(startDate, basis, calendar));
    return counters.get(basis)!;
  };
  return { calendar, dated: trees.map((tree) => dateTree(tree, counterOf)), counterOf };
}

const presentDated = ({ node, startsOn, dueOn }: DatedNode): DatedTask => ({
  title: node.title,
  priority: node.priority,
  assignee_rule: node.assignee_rule,
  start_offset_days: node.start_offset_days,
  duration_days: node.duration_days,
  starts_on: startsOn,
  due_on: dueOn,
});

/** The preview: what `use` would date, without writing anything. */
export async function previewTemplates(
  ctx: AppContext,
  auth: RequestAuth,
  input: {
    workspace_id: string;
    start_date: string;
    kind?: TemplateKind | undefined;
    ids?: string[] | undefined;
    draft?:
      | {
          name?: string | undefined;
          description: string;
          day_basis: DayBasis;
          secondary_items: { name: string; description: string; tasks: TemplateTaskNode[] }[];
          tasks: TemplateTaskNode[];
        }
      | undefined;
  },
): Promise<TemplatePreview> {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  requireTemplateReader(member);
  const trees: Tree[] = input.draft
    ? [
        {
          templateId: null,
          kind: input.draft.secondary_items.length ? "primary_item" : "secondary_item",
          name: input.draft.name ?? "",
          description: input.draft.description,
          dayBasis: input.draft.day_basis,
          secondaryItems: input.draft.secondary_items,
          tasks: input.draft.tasks,
        },
      ]
    : (await findWorkspaceTemplates(ctx.db, member.workspaceId, input.kind!, input.ids!)).map(treeOf);
  const { calendar, dated, counterOf } = await dateTrees(ctx.db, member.workspaceId, input.start_date, trees);
  const dues = dated.flatMap((tree) => [...tree.tasks, ...tree.secondaryItems.flatMap((item) => item.tasks)]);
  const firstDay = counterOf(trees[0]?.dayBasis ?? "calendar").firstDay;
  const lastDay = dues.reduce((last, task) => (task.dueOn > last ? task.dueOn : last), input.start_date);
  return {
    start_date: input.start_date,
    first_day: firstDay,
    last_day: lastDay,
    items: dated.map((tree) => ({
      template_id: tree.templateId,
      kind: tree.kind,
      name: tree.name,
      day_basis: tree.dayBasis,
      secondary_items: tree.secondaryItems.map((item) => ({ name: item.name, tasks: item.tasks.map(presentDated) })),
      tasks: tree.tasks.map(presentDated),
    })),
    days_off: daysOff(input.start_date, lastDay, calendar),
  };
}

/** Where `use` puts what it makes: a project or meeting, or an item under one. */
export interface UseTarget {
  project_id?: string | undefined;
  meeting_id?: string | undefined;
  primary_item_id?: string | undefined;
  secondary_item_id?: string | undefined;
}

interface ResolvedTarget {
  parent: ItemParent;
  primary: ItemRow | null;
  secondary: ItemRow | null;
}

const primaryItemNotFound = () =>
  new AppError("primary_item_not_found", 404, "指定された大項目が見つかりません。", "primary_item_id is not visible");
const secondaryItemNotFound = () =>
  new AppError(
    "secondary_item_not_found",
    404,
    "指定された中項目が見つかりません。",
    "secondary_item_id is not visible",
  );
const staffNotFound = () =>
  new AppError(
    "staff_not_found",
    404,
    "指定された担当者が見つかりません。",
    "assignee_id is not one of this workspace",
  );

const parentOf = (row: ItemRow): ItemParent => ({ projectId: row.projectId, meetingId: row.meetingId });

/**
 * The placement rule of the item module: the project or meeting (or the one an item hangs under) must be one the
 * caller sees; another workspace's or an invisible one is 404, a trashed item 409.
 */
async function resolveTarget(db: DbOrTx, member: Membership, target: UseTarget): Promise<ResolvedTarget> {
  const workspaceId = member.workspaceId;
  if (target.secondary_item_id) {
    const [secondary] = await findSecondaryItems(db, workspaceId, [target.secondary_item_id]);
    if (!secondary) throw secondaryItemNotFound();
    await requireParentsVisible(db, member, [parentOf(secondary)], secondaryItemNotFound);
    if (secondary.deletedAt) throw itemInTrash();
    await requireLiveParents(db, workspaceId, [parentOf(secondary)]);
    return { parent: parentOf(secondary), primary: null, secondary };
  }
  if (target.primary_item_id) {
    const [primary] = await findPrimaryItems(db, workspaceId, [target.primary_item_id]);
    if (!primary) throw primaryItemNotFound();
    await requireParentsVisible(db, member, [parentOf(primary)], primaryItemNotFound);
    if (primary.deletedAt) throw itemInTrash();
    await requireLiveParents(db, workspaceId, [parentOf(primary)]);
    return { parent: parentOf(primary), primary, secondary: null };
  }
  const parent = { projectId: target.project_id ?? null, meetingId: target.meeting_id ?? null };
  await requireParentsVisible(db, member, [parent], parent.projectId ? projectNotFound : meetingNotFound);
  await requireLiveParents(db, workspaceId, [parent]);
  return { parent, primary: null, secondary: null };
}

/** A template task's checklist has no column of its own on a task: it is written into the description. */
export function descriptionWithChecklist(node: TemplateTaskNode): string {
  if (!node.checklist.length) return node.description;
  const list = ["【チェックリスト】", ...node.checklist.map((item) => `☐ ${item}`)].join("\n");
  return node.description ? `${node.description}\n\n${list}` : list;
}

export interface UseResult {
  tasks: Task[];
  primaryItems: UsedPrimaryItem[];
  secondaryItems: UsedSecondaryItem[];
}

/**
 * `use`: the templates' whole trees made under the target in one transaction, dated from start_date. Whoever may
 * create tasks under the parent may use templates there (create_tasks, and the item module's writer rule for
 * items); anything refused or not found leaves nothing written.
 */
export async function useTemplates(
  ctx: AppContext,
  auth: RequestAuth,
  kind: TemplateKind,
  input: UseTarget & { workspace_id: string; ids: string[]; start_date: string; assignee_id?: string | undefined },
): Promise<UseResult> {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  const workspaceId = member.workspaceId;
  const target = await resolveTarget(ctx.db, member, input);
  if (kind !== "task") requireItemWriter(member, target.parent);
  const rows = await findWorkspaceTemplates(ctx.db, workspaceId, kind, input.ids);
  const trees = rows.map(treeOf);
  const makesTasks = trees.some(
    (tree) => tree.tasks.length > 0 || tree.secondaryItems.some((item) => item.tasks.length > 0),
  );
  if ((kind === "task" || makesTasks) && !member.permissions.includes("create_tasks")) {
    throw forbidden("permission create_tasks is required to make tasks from a template");
  }

  // The people the assignee rules name: the caller (or assignee_id), and the parent's manager if still staff.
  const managerId = trees.some((tree) =>
    [...tree.tasks, ...tree.secondaryItems.flatMap((item) => item.tasks)].some(
      (node) => node.assignee_rule === "manager",
    ),
  )
    ? await findParentManagers(ctx.db, workspaceId, target.parent)
    : null;
  const live = await findLiveStaffIds(
    ctx.db,
    workspaceId,
    [input.assignee_id, managerId].filter((id): id is string => !!id),
  );
  if (input.assignee_id && !live.has(input.assignee_id)) throw staffNotFound();
  const people = {
    user: input.assignee_id ?? member.id,
    manager: managerId && live.has(managerId) ? managerId : null,
    none: null,
  };

  const { dated } = await dateTrees(ctx.db, workspaceId, input.start_date, trees);
  const now = ctx.now();
  const taskValues: (Parameters<typeof insertTaskRows>[1][number] & { id: string })[] = [];
  const addTask = (item: DatedNode, under: { primaryItemId: string | null; secondaryItemId: string | null }) => {
    taskValues.push({
      id: uuidv7(),
      workspaceId,
      title: item.node.title,
      description: descriptionWithChecklist(item.node),
      priority: item.node.priority,
      startsAt: startOfTokyoDay(item.startsOn),
      expiresAt: deadlineOfDate(item.dueOn),
      assigneeId: people[item.node.assignee_rule],
      projectId: target.parent.projectId,
      meetingId: target.parent.meetingId,
      ...under,
      // Tasks are ordered by the clock (task.service positionNow): these follow each other in tree order.
      position: now.getTime() + taskValues.length / 1000,
      createdBy: member.id,
      createdAt: now,
    });
  };

  const made = await ctx.db.transaction(async (tx) => {
    // The item the trees go under is held until the end: a concurrent trash waits, and cannot leave them live.
    if (target.primary) {
      const [held] = await findPrimaryItems(tx, workspaceId, [target.primary.id], "share");
      if (!held || held.deletedAt) throw itemInTrash();
    }
    if (target.secondary) {
      const [held] = await findSecondaryItems(tx, workspaceId, [target.secondary.id], "share");
      if (!held || held.deletedAt) throw itemInTrash();
    }
    const base = {
      workspaceId,
      projectId: target.parent.projectId,
      meetingId: target.parent.meetingId,
      createdBy: member.id,
    };
    const primaryValues: (Parameters<typeof insertItemRows>[2][number] & { id: string })[] = [];
    const secondaryValues: (Parameters<typeof insertItemRows>[2][number] & { id: string; primaryItemId: string })[] =
      [];
    if (kind === "primary_item") {
      let position = (await lastPositionIn(tx, workspaceId, { level: "primary", ...target.parent })) ?? 0;
      for (const tree of dated) {
        const primaryItemId = uuidv7();
        primaryValues.push({
          ...base,
          id: primaryItemId,
          name: tree.name,
          description: tree.description,
          position: ++position,
        });
        tree.secondaryItems.forEach((item, index) => {
          const secondaryItemId = uuidv7();
          secondaryValues.push({
            ...base,
            id: secondaryItemId,
            primaryItemId,
            name: item.name,
            description: item.description,
            position: index + 1,
          });
          for (const task of item.tasks) addTask(task, { primaryItemId, secondaryItemId });
        });
        for (const task of tree.tasks) addTask(task, { primaryItemId, secondaryItemId: null });
      }
    } else if (kind === "secondary_item") {
      const primaryItemId = target.primary!.id;
      let position = (await lastPositionIn(tx, workspaceId, { level: "secondary", primaryItemId })) ?? 0;
      for (const tree of dated) {
        const secondaryItemId = uuidv7();
        secondaryValues.push({
          ...base,
          id: secondaryItemId,
          primaryItemId,
          name: tree.name,
          description: tree.description,
          position: ++position,
        });
        for (const task of tree.tasks) addTask(task, { primaryItemId, secondaryItemId });
      }
    } else {
      const under = {
        primaryItemId: target.secondary?.primaryItemId ?? target.primary?.id ?? null,
        secondaryItemId: target.secondary?.id ?? null,
      };
      for (const tree of dated) for (const task of tree.tasks) addTask(task, under);
    }
    const primaries = await insertItemRows(tx, "primary", primaryValues);
    const secondaries = await insertItemRows(tx, "secondary", secondaryValues);
    const tasks = await insertTaskRows(tx, taskValues);
    await notifyTaskChanges(
      ctx,
      tx,
      member.id,
      tasks.map((after) => ({ before: null, after })),
    );
    return { primaries, secondaries, tasks };
  });
  return present(ctx, workspaceId, made, {
    primaries: primaryOrder(made.primaries),
    secondaries: made.secondaries,
  });
}

const primaryOrder = (rows: ItemRow[]) => [...rows].sort((a, b) => a.position - b.position);

/** The answer: tasks presented once, then hung under the items they were made under, in tree order. */
async function present(
  ctx: AppContext,
  workspaceId: string,
  made: { tasks: TaskRow[] },
  items: { primaries: ItemRow[]; secondaries: ItemRow[] },
): Promise<UseResult> {
  const order = new Map(made.tasks.map((row) => [row.id, row.position]));
  const tasks = (await presentAll(ctx, ctx.db, workspaceId, made.tasks)).sort(
    (a, b) => order.get(a.id)! - order.get(b.id)!,
  );
  const usedSecondary = (row: ItemRow): UsedSecondaryItem => ({
    ...presentItem(row),
    tasks: tasks.filter((task) => task.secondary_item_id === row.id),
  });
  const secondaries = [...items.secondaries].sort((a, b) => a.position - b.position);
  return {
    tasks,
    secondaryItems: secondaries.map(usedSecondary),
    primaryItems: items.primaries.map((row) => {
      const { primary_item_id: _unused, ...item } = presentItem(row);
      return {
        ...item,
        secondary_items: secondaries.filter((child) => child.primaryItemId === row.id).map(usedSecondary),
        tasks: tasks.filter((task) => task.primary_item_id === row.id && task.secondary_item_id === null),
      };
    }),
  };
}
