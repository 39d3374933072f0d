import type { Permission } from "@tasuki/contract/authority/authority.schema";
import { positionBetween } from "@tasuki/contract/rules/position";
import {
  type PrimaryItemTpl,
  type SecondaryItemTpl,
  type TaskTpl,
  type TaskTplNode,
  TEMPLATE_LIMITS,
  type TemplateOrigin,
} from "@tasuki/contract/template/template.schema";
import type { updateTaskTplsBodySchema } from "@tasuki/contract/template/update-task-tpls.contract";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { TemplateBody, TemplateSecondaryNode, TemplateTaskNode } from "../../db/schema/templates.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, badRequest, forbidden } from "../../lib/app-error.ts";
import { memberOr404 } from "../item/item-access.ts";
import {
  deleteTemplate as deleteTemplateRow,
  findTemplates,
  findTemplateWorkspaceIds,
  insertTemplate,
  lastTemplatePosition,
  listTemplates as listTemplateRows,
  type TemplateKind,
  type TemplateRow,
  updateTemplateNamesAndPositions,
  updateTemplate as updateTemplateRow,
} from "./template.repository.ts";

export const templateNotFound = () =>
  new AppError("template_not_found", 404, "指定されたテンプレートが見つかりません。", "template not found");

/**
 * Who may read templates: whoever may edit them (manage_templates) or use them somewhere (create tasks or items
 * under a project or meeting). Guests by default do neither.
 */
const readers: Permission[] = [
  "manage_templates",
  "create_tasks",
  "manage_projects",
  "create_meetings",
  "manage_meetings",
];

export function requireTemplateReader(member: Membership): void {
  if (!readers.some((permission) => member.permissions.includes(permission))) {
    throw forbidden("permission manage_templates, or one that may add tasks or items, is required");
  }
}

export function requireTemplateEditor(member: Membership): void {
  if (!member.permissions.includes("manage_templates")) throw forbidden("permission manage_templates is required");
}

/** A task node with every field present (documents written by older code or by hand miss none after this). */
export const taskNode = (task: TaskTplNode): TemplateTaskNode => ({
  title: task.title,
  description: task.description,
  priority: task.priority,
  start_offset_days: task.start_offset_days,
  duration_days: task.duration_days,
  assignee_rule: task.assignee_rule,
  checklist: [...task.checklist],
});

const savedFields = (row: TemplateRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  day_basis: row.dayBasis,
  origin: row.origin,
  position: row.position,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export function presentTaskTpl(row: TemplateRow): TaskTpl {
  const body = row.body as Extract<TemplateBody, { kind: "task" }>;
  return { ...savedFields(row), title: row.name, description: row.description, ...body.task };
}

export function presentPrimaryItemTpl(row: TemplateRow): PrimaryItemTpl {
  const body = row.body as Extract<TemplateBody, { kind: "primary_item" }>;
  return {
    ...savedFields(row),
    name: row.name,
    description: row.description,
    secondary_items: body.secondary_items,
    tasks: body.tasks,
    task_count: row.taskCount,
  };
}

export function presentSecondaryItemTpl(row: TemplateRow): SecondaryItemTpl {
  const body = row.body as Extract<TemplateBody, { kind: "secondary_item" }>;
  return {
    ...savedFields(row),
    name: row.name,
    description: row.description,
    tasks: body.tasks,
    task_count: row.taskCount,
  };
}

export const presenters = {
  task: presentTaskTpl,
  primary_item: presentPrimaryItemTpl,
  secondary_item: presentSecondaryItemTpl,
} as const;

/** The tasks of a template's tree, in tree order (the secondary items' tasks first, then those right under it). */
export function treeTasks(body: TemplateBody, row: Pick<TemplateRow, "name" | "description">): TemplateTaskNode[] {
  if (body.kind === "task") return [{ title: row.name, description: row.description, ...body.task }];
  if (body.kind === "secondary_item") return body.tasks;
  return [...body.secondary_items.flatMap((item) => item.tasks), ...body.tasks];
}

/**
 * The templates behind ids with the caller's membership, for reading. Ids of several workspaces, of another
 * workspace, of another kind, or unknown all answer the same 404 for the whole call.
 */
export async function openTemplates(
  ctx: AppContext,
  auth: RequestAuth,
  kind: TemplateKind,
  ids: string[],
  db: DbOrTx = ctx.db,
): Promise<{ member: Membership; rows: TemplateRow[] }> {
  const unique = [...new Set(ids)];
  const workspaces = await findTemplateWorkspaceIds(db, unique);
  const workspaceIds = new Set(workspaces.values());
  if (workspaces.size !== unique.length || workspaceIds.size !== 1) throw templateNotFound();
  const [workspaceId] = workspaceIds;
  const member = await memberOr404(db, auth, workspaceId!, templateNotFound);
  requireTemplateReader(member);
  const rows = await findTemplates(db, member.workspaceId, kind, unique);
  if (rows.length !== unique.length) throw templateNotFound();
  return { member, rows };
}

/** The same, for templates a call names with its workspace (`use`, the preview): another workspace's are 404. */
export async function findWorkspaceTemplates(
  db: DbOrTx,
  workspaceId: string,
  kind: TemplateKind,
  ids: string[],
): Promise<TemplateRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findTemplates(db, workspaceId, kind, unique);
  if (rows.length !== unique.length) throw templateNotFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order the caller named them: `use` makes them in that order.
  return unique.map((id) => byId.get(id)!);
}

export async function listTemplates(
  ctx: AppContext,
  auth: RequestAuth,
  kind: TemplateKind,
  query: { workspace_id: string; q?: string | undefined; page: number; per_page: number },
) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  requireTemplateReader(member);
  const { rows, total } = await listTemplateRows(ctx.db, query.workspace_id, kind, {
    q: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows, total };
}

export async function getTemplate(ctx: AppContext, auth: RequestAuth, kind: TemplateKind, id: string) {
  return (await openTemplates(ctx, auth, kind, [id])).rows[0]!;
}

/** What a new template is made of, its tree already validated by the contract. */
export interface TemplateDraft {
  kind: TemplateKind;
  name: string;
  description: string;
  dayBasis: "calendar" | "business";
  origin: TemplateOrigin;
  body: TemplateBody;
}

export function countTreeTasks(body: TemplateBody): number {
  if (body.kind === "task") return 1;
  if (body.kind === "secondary_item") return body.tasks.length;
  return body.tasks.length + body.secondary_items.reduce((sum, item) => sum + item.tasks.length, 0);
}

/** Writes a template last in its kind's list (the caller checked manage_templates). */
export async function insertTemplateLast(db: DbOrTx, member: Membership, draft: TemplateDraft): Promise<TemplateRow> {
  return db.transaction(async (tx) =>
    insertTemplate(tx, {
      workspaceId: member.workspaceId,
      kind: draft.kind,
      name: draft.name,
      description: draft.description,
      dayBasis: draft.dayBasis,
      origin: draft.origin,
      body: draft.body,
      taskCount: countTreeTasks(draft.body),
      position: positionBetween(await lastTemplatePosition(tx, member.workspaceId, draft.kind), null),
      createdBy: member.id,
    }),
  );
}

export async function createTemplate(ctx: AppContext, auth: RequestAuth, workspaceId: string, draft: TemplateDraft) {
  const member = await requireMember(ctx.db, auth, workspaceId, { permission: "manage_templates" });
  return insertTemplateLast(ctx.db, member, draft);
}

export const secondaryNode = (item: {
  name: string;
  description: string;
  tasks: TaskTplNode[];
}): TemplateSecondaryNode => ({
  name: item.name,
  description: item.description,
  tasks: item.tasks.map(taskNode),
});

/**
 * An edit: the columns sent, and the tree's parts sent replacing the old ones whole. The row is locked while
 * the new document is built from the one stored, so two edits of different parts both hold.
 */
export async function updateTemplate(
  ctx: AppContext,
  auth: RequestAuth,
  kind: TemplateKind,
  id: string,
  edit: {
    name?: string | undefined;
    description?: string | undefined;
    dayBasis?: "calendar" | "business" | undefined;
    body?: (current: TemplateBody) => TemplateBody;
  },
) {
  const { member, rows } = await openTemplates(ctx, auth, kind, [id]);
  requireTemplateEditor(member);
  return ctx.db.transaction(async (tx) => {
    const [row] = await findTemplates(tx, member.workspaceId, kind, [id], "update");
    if (!row) throw templateNotFound();
    const body = edit.body ? edit.body(row.body) : row.body;
    // The contract counts only the parts sent; the limit is on the tree after merging (tasks sent with the
    // stored secondary items, or the other way round), since one `use` makes all of them at once.
    if (edit.body && countTreeTasks(body) > TEMPLATE_LIMITS.maxTasks) {
      throw badRequest(
        "template_too_large",
        `テンプレート全体のタスクは${TEMPLATE_LIMITS.maxTasks}件以内にしてください。`,
        `the template would hold ${countTreeTasks(body)} tasks after this edit (at most ${TEMPLATE_LIMITS.maxTasks})`,
      );
    }
    const saved = await updateTemplateRow(tx, member.workspaceId, id, {
      ...(edit.name !== undefined && { name: edit.name }),
      ...(edit.description !== undefined && { description: edit.description }),
      ...(edit.dayBasis !== undefined && { dayBasis: edit.dayBasis }),
      ...(edit.body && { body, taskCount: countTreeTasks(body) }),
    });
    return saved ?? rows[0]!;
  });
}

export async function deleteTemplate(ctx: AppContext, auth: RequestAuth, kind: TemplateKind, id: string) {
  const { member } = await openTemplates(ctx, auth, kind, [id]);
  requireTemplateEditor(member);
  await deleteTemplateRow(ctx.db, member.workspaceId, id);
  return { ok: true as const };
}

/**
 * PATCH /app/task-tpl/list: renames and a reorder in one transaction. The reordered templates take the positions
 * they held among themselves, in the new order; every id must be a task template of the workspace (else 404).
 */
export async function updateTaskTemplates(
  ctx: AppContext,
  auth: RequestAuth,
  input: z.output<typeof updateTaskTplsBodySchema>,
) {
  const member = await requireMember(ctx.db, auth, input.workspace_id, { permission: "manage_templates" });
  const ids = [...new Set([...input.items.map((item) => item.id), ...input.order])];
  const rows = await ctx.db.transaction(async (tx) => {
    const found = await findTemplates(tx, member.workspaceId, "task", ids, "update");
    if (found.length !== ids.length) throw templateNotFound();
    const byId = new Map(found.map((row) => [row.id, row]));
    const names = new Map(input.items.map((item) => [item.id, item.title]));
    const order = [...new Set(input.order)];
    const slots = order.map((id) => byId.get(id)!.position).sort((a, b) => a - b);
    const positions = new Map(order.map((id, index) => [id, slots[index]!]));
    return updateTemplateNamesAndPositions(
      tx,
      member.workspaceId,
      ids.map((id) => ({
        id,
        name: names.get(id) ?? byId.get(id)!.name,
        position: positions.get(id) ?? byId.get(id)!.position,
      })),
    );
  });
  return { items: rows.map(presentTaskTpl) };
}
