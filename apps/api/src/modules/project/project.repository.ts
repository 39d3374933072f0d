import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, max, type SQL, sql } from "drizzle-orm";
import { type ProjectVisibility, projectVisibleTo } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { groups, projectMembers, projects, workspaceUsers } from "../../db/schema/workspaces.ts";
import type { StaffRefRow } from "../workspace-user/staff-directory.service.ts";

export type ProjectRow = typeof projects.$inferSelect;

function visibleTo(db: DbOrTx, workspaceId: string, staffId: ProjectVisibility): SQL | undefined {
  return staffId === null ? undefined : projectVisibleTo(db, workspaceId, staffId);
}

/**
 * Unscoped on purpose: `/app/project/{id}` names no workspace, so the project's workspace is read here and
 * the caller's membership of it is checked before anything else of the project is read.
 */
export async function findProjectWorkspaceId(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: projects.workspaceId })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.workspaceId ?? null;
}

/**
 * One project, live or in the trash, if the viewer may see it. With `lock` (inside a transaction) it is held
 * until the transaction ends: a write re-reads it here and judges its rules on what a concurrent write left.
 */
export async function findProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  visibility: ProjectVisibility,
  lock?: "update",
): Promise<ProjectRow | null> {
  const query = db
    .select()
    .from(projects)
    .where(
      and(eq(projects.workspaceId, workspaceId), eq(projects.id, projectId), visibleTo(db, workspaceId, visibility)),
    )
    .limit(1);
  const [row] = lock ? await query.for(lock, { of: projects }) : await query;
  return row ?? null;
}

export interface ProjectListFilter {
  visibility: ProjectVisibility;
  groupId?: string | undefined;
  status?: "active" | "archived" | undefined;
  q?: string | undefined;
  trash: boolean;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of projects in their manual order, with the count of all that match: two queries. */
export async function listProjects(
  db: DbOrTx,
  workspaceId: string,
  filter: ProjectListFilter,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = and(
    eq(projects.workspaceId, workspaceId),
    filter.trash ? isNotNull(projects.deletedAt) : isNull(projects.deletedAt),
    filter.groupId ? eq(projects.groupId, filter.groupId) : undefined,
    filter.status ? eq(projects.status, filter.status) : undefined,
    filter.q ? ilike(projects.name, `%${escapeLike(filter.q)}%`) : undefined,
    visibleTo(db, workspaceId, filter.visibility),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(asc(projects.position), asc(projects.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface ProjectDetails {
  groups: Map<string, { id: string; name: string }>;
  managers: Map<string, StaffRefRow>;
  membersByProject: Map<string, StaffRefRow[]>;
}

const staffRefColumns = {
  id: workspaceUsers.id,
  lastName: workspaceUsers.lastName,
  firstName: workspaceUsers.firstName,
  avatarImageId: workspaceUsers.avatarImageId,
};

/**
 * What project rows show besides their own columns (group, manager, members), for any number of rows in
 * at most three queries, never one per row. Staff in the trash are left out.
 */
export async function loadProjectDetails(db: DbOrTx, workspaceId: string, rows: ProjectRow[]): Promise<ProjectDetails> {
  const projectIds = rows.map((row) => row.id);
  const groupIds = [...new Set(rows.map((row) => row.groupId).filter((id): id is string => id !== null))];
  const managerIds = [...new Set(rows.map((row) => row.managerId).filter((id): id is string => id !== null))];
  const [groupRows, managerRows, memberRows] = await Promise.all([
    groupIds.length
      ? db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, groupIds)))
      : Promise.resolve([]),
    managerIds.length
      ? db
          .select(staffRefColumns)
          .from(workspaceUsers)
          .where(
            and(
              eq(workspaceUsers.workspaceId, workspaceId),
              inArray(workspaceUsers.id, managerIds),
              isNull(workspaceUsers.deletedAt),
            ),
          )
      : Promise.resolve([]),
    projectIds.length
      ? db
          .select({ projectId: projectMembers.projectId, ...staffRefColumns })
          .from(projectMembers)
          .innerJoin(workspaceUsers, eq(workspaceUsers.id, projectMembers.workspaceUserId))
          .where(
            and(
              eq(projectMembers.workspaceId, workspaceId),
              inArray(projectMembers.projectId, projectIds),
              isNull(workspaceUsers.deletedAt),
            ),
          )
          .orderBy(asc(workspaceUsers.position), asc(workspaceUsers.id))
      : Promise.resolve([]),
  ]);
  const membersByProject = new Map<string, StaffRefRow[]>();
  for (const { projectId, ...staff } of memberRows) {
    const list = membersByProject.get(projectId) ?? [];
    list.push(staff);
    membersByProject.set(projectId, list);
  }
  return {
    groups: new Map(groupRows.map((group) => [group.id, group])),
    managers: new Map(managerRows.map((staff) => [staff.id, staff])),
    membersByProject,
  };
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  values: Partial<typeof projects.$inferInsert>,
): Promise<ProjectRow | null> {
  const [row] = await db
    .update(projects)
    .set(values)
    .where(and(eq(projects.workspaceId, workspaceId), eq(projects.id, projectId)))
    .returning();
  return row ?? null;
}

export async function replaceProjectMembers(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  staffIds: string[],
): Promise<void> {
  await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.workspaceId, workspaceId), eq(projectMembers.projectId, projectId)));
  if (staffIds.length) {
    await db
      .insert(projectMembers)
      .values(staffIds.map((workspaceUserId) => ({ workspaceId, projectId, workspaceUserId })));
  }
}

/** The last position in the workspace's order (trash included, so a restored project keeps a place of its own). */
export async function lastProjectPosition(db: DbOrTx, workspaceId: string): Promise<number | null> {
  const [row] = await db
    .select({ last: max(projects.position) })
    .from(projects)
    .where(eq(projects.workspaceId, workspaceId));
  return row?.last ?? null;
}

export async function findProjectPositions(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: projects.id, position: projects.position })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), inArray(projects.id, ids)));
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** Spreads the workspace's order out again (1, 2, 3 …), keeping it, in one statement. */
export async function renumberProjects(db: DbOrTx, workspaceId: string): Promise<void> {
  await db.execute(sql`
    update ${projects} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${projects} where workspace_id = ${workspaceId}
    ) as ranked
    where ${projects.id} = ranked.id and ${projects.workspaceId} = ${workspaceId}`);
}
