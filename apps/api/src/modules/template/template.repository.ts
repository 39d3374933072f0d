import { and, asc, count, eq, ilike, inArray, max, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies } from "../../db/schema/billing.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { templates } from "../../db/schema/templates.ts";
import { projects } from "../../db/schema/workspaces.ts";

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateKind = TemplateRow["kind"];
export type NewTemplateRow = typeof templates.$inferInsert;

/** `%`, `_` and `\` typed by a user are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTemplates(
  db: DbOrTx,
  workspaceId: string,
  kind: TemplateKind,
  filter: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(templates.workspaceId, workspaceId), eq(templates.kind, kind)];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(templates.name, pattern), ilike(templates.description, pattern)));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(where)
      .orderBy(asc(templates.position), asc(templates.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(templates).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Unscoped on purpose: `/app/task-tpl/{id}` names no workspace, so the template's workspace is read here and the
 * caller's membership of it is checked before anything else of the template is read.
 */
export async function findTemplateWorkspaceIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: templates.id, workspaceId: templates.workspaceId })
    .from(templates)
    .where(inArray(templates.id, ids));
  return new Map(rows.map((row) => [row.id, row.workspaceId]));
}

/** Templates of one kind of the workspace; `update` holds them until the transaction ends. */
export async function findTemplates(
  db: DbOrTx,
  workspaceId: string,
  kind: TemplateKind,
  ids: string[],
  lock?: "update",
): Promise<TemplateRow[]> {
  if (!ids.length) return [];
  const query = db
    .select()
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.kind, kind), inArray(templates.id, ids)))
    .orderBy(asc(templates.id));
  return lock ? query.for(lock) : query;
}

export async function insertTemplate(db: DbOrTx, values: NewTemplateRow): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<NewTemplateRow>,
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(templates)
    .set(values)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
  await db.delete(templates).where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)));
}

export async function lastTemplatePosition(
  db: DbOrTx,
  workspaceId: string,
  kind: TemplateKind,
): Promise<number | null> {
  const [row] = await db
    .select({ last: max(templates.position) })
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.kind, kind)));
  return row?.last ?? null;
}

/** Several templates' titles and positions in one statement (the bulk rename/reorder). */
export async function updateTemplateNamesAndPositions(
  db: DbOrTx,
  workspaceId: string,
  changes: { id: string; name: string; position: number }[],
): Promise<TemplateRow[]> {
  if (!changes.length) return [];
  const values = sql.join(
    changes.map((change) => sql`(${change.id}::uuid, ${change.name}::text, ${change.position}::double precision)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${templates} set name = changed.name, position = changed.position, updated_at = now()
    from (values ${values}) as changed(id, name, position)
    where ${templates.id} = changed.id and ${templates.workspaceId} = ${workspaceId}`);
  return db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.workspaceId, workspaceId),
        inArray(
          templates.id,
          changes.map((change) => change.id),
        ),
      ),
    )
    .orderBy(asc(templates.position), asc(templates.id));
}

/** The people a template's `manager` rule names: a project's manager, a meeting's organiser. */
export async function findParentManagers(
  db: DbOrTx,
  workspaceId: string,
  parent: { projectId: string | null; meetingId: string | null },
): Promise<string | null> {
  if (parent.projectId) {
    const [row] = await db
      .select({ id: projects.managerId })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), eq(projects.id, parent.projectId)));
    return row?.id ?? null;
  }
  if (parent.meetingId) {
    const [row] = await db
      .select({ id: meetings.organizerId })
      .from(meetings)
      .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.id, parent.meetingId)));
    return row?.id ?? null;
  }
  return null;
}

/** The workspace's 業種 (its company's), or null before the company is described. */
export async function findWorkspaceBusinessCategory(db: DbOrTx, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.businessCategoryCode })
    .from(companies)
    .where(eq(companies.workspaceId, workspaceId));
  return row?.code ?? null;
}
