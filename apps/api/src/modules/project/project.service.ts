import type { listProjectsContract, newProjectContract } from "@tasuki/contract/project/project.contracts";
import type { Project, projectPatchSchema } from "@tasuki/contract/project/project.schema";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { z } from "zod";
import { projectViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/app-error.ts";
import { moveBetween } from "../../lib/position.ts";
import { assertPlanAllows } from "../../plan-gate/plan-gate.ts";
import { findLiveGroupIds, findLiveStaffIds, presentStaffRef } from "../workspace-user/staff-directory.service.ts";
import {
  findProject,
  findProjectPositions,
  findProjectWorkspaceId,
  insertProject,
  lastProjectPosition,
  listProjects as listProjectRows,
  loadProjectDetails,
  type ProjectDetails,
  type ProjectRow,
  renumberProjects,
  replaceProjectMembers,
  updateProject as updateProjectRow,
} from "./project.repository.ts";

type ListQuery = z.output<typeof listProjectsContract.query>;
type NewBody = z.output<typeof newProjectContract.body>;
type PatchBody = z.output<typeof projectPatchSchema>;

function present(row: ProjectRow, details: ProjectDetails): Project {
  const manager = row.managerId ? details.managers.get(row.managerId) : undefined;
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    group: (row.groupId && details.groups.get(row.groupId)) || null,
    manager: manager ? presentStaffRef(manager) : null,
    members: (details.membersByProject.get(row.id) ?? []).map(presentStaffRef),
    name: row.name,
    description: row.description,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    status: row.status,
    color: row.color,
    position: row.position,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Writers present their row after the commit: the details load in parallel, which the single connection of
 * a transaction cannot do.
 */
async function presentOne(db: DbOrTx, row: ProjectRow): Promise<Project> {
  return present(row, await loadProjectDetails(db, row.workspaceId, [row]));
}

const projectNotFound = () => notFound("project");

/**
 * The project behind an id with the caller's membership of its workspace. Another workspace's project, one
 * the caller may not see and an unknown id all answer the same 404.
 */
async function openProject(
  ctx: AppContext,
  auth: RequestAuth,
  projectId: string,
): Promise<{ member: Membership; row: ProjectRow }> {
  const workspaceId = await findProjectWorkspaceId(ctx.db, projectId);
  if (!workspaceId) throw projectNotFound();
  const member = await requireMember(ctx.db, auth, workspaceId).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? projectNotFound() : error;
  });
  const row = await findProject(ctx.db, workspaceId, projectId, projectViewerOf(member));
  if (!row) throw projectNotFound();
  return { member, row };
}

/**
 * Inside a write's transaction: the project re-read and held until it ends. openProject read it before the
 * transaction; a trash or a new manager committed since would otherwise go unnoticed.
 */
async function lockProject(tx: DbOrTx, member: Membership, projectId: string): Promise<ProjectRow> {
  const row = await findProject(tx, member.workspaceId, projectId, projectViewerOf(member), "update");
  if (!row) throw projectNotFound();
  return row;
}

const requireManager = (member: Membership) => {
  if (!member.permissions.includes("manage_projects")) throw forbidden("permission manage_projects is required");
};

const liveOnly = (row: ProjectRow) => {
  if (row.deletedAt) {
    throw new AppError(
      "project_in_trash",
      409,
      "このプロジェクトはゴミ箱にあります。元に戻してから操作してください。",
      "the project is in the trash; restore it first",
    );
  }
};

/** Group, manager and members must be live rows of the same workspace; nothing is written otherwise. */
async function checkReferences(
  db: DbOrTx,
  workspaceId: string,
  input: {
    group_id?: string | null | undefined;
    manager_id?: string | null | undefined;
    member_ids?: string[] | undefined;
  },
): Promise<void> {
  if (input.group_id) {
    const found = await findLiveGroupIds(db, workspaceId, [input.group_id]);
    if (!found.has(input.group_id)) {
      throw new AppError(
        "group_not_found",
        404,
        "指定されたグループが見つかりません。",
        "group_id is not a group of this workspace",
      );
    }
  }
  const staffIds = [...new Set([...(input.manager_id ? [input.manager_id] : []), ...(input.member_ids ?? [])])];
  if (staffIds.length) {
    const found = await findLiveStaffIds(db, workspaceId, staffIds);
    const missing = staffIds.filter((id) => !found.has(id));
    if (missing.length) {
      const field = input.manager_id && missing.includes(input.manager_id) ? "manager_id" : "member_ids";
      throw new AppError(
        "staff_not_found",
        404,
        "指定されたスタッフが見つかりません。",
        `${field}: ${missing.length} id(s) are not staff of this workspace`,
      );
    }
  }
}

function checkDates(startsOn: string | null, endsOn: string | null): void {
  if (startsOn && endsOn && endsOn < startsOn) {
    throw badRequest(
      "invalid_date_range",
      "終了日は開始日以降の日付を指定してください。",
      "ends_on must be on or after starts_on",
    );
  }
}

export async function listProjects(
  ctx: AppContext,
  auth: RequestAuth,
  query: ListQuery,
): Promise<{ items: Project[]; total: number }> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { rows, total } = await listProjectRows(ctx.db, query.workspace_id, {
    visibility: projectViewerOf(member),
    groupId: query.group_id,
    status: query.status,
    q: query.q || undefined,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const details = await loadProjectDetails(ctx.db, query.workspace_id, rows);
  return { items: rows.map((row) => present(row, details)), total };
}

export async function getProject(ctx: AppContext, auth: RequestAuth, projectId: string): Promise<Project> {
  const { row } = await openProject(ctx, auth, projectId);
  return presentOne(ctx.db, row);
}

export async function createProject(ctx: AppContext, auth: RequestAuth, input: NewBody): Promise<Project> {
  const workspaceId = input.workspace_id;
  await requireMember(ctx.db, auth, workspaceId, { permission: "manage_projects" });
  checkDates(input.starts_on ?? null, input.ends_on ?? null);
  const saved = await ctx.db.transaction(async (tx) => {
    await assertPlanAllows(tx, workspaceId, "project");
    await checkReferences(tx, workspaceId, input);
    const last = await lastProjectPosition(tx, workspaceId);
    const row = await insertProject(tx, {
      workspaceId,
      name: input.name,
      description: input.description,
      groupId: input.group_id ?? null,
      managerId: input.manager_id ?? null,
      startsOn: input.starts_on ?? null,
      endsOn: input.ends_on ?? null,
      status: input.status,
      color: input.color,
      position: positionBetween(last, null),
    });
    await replaceProjectMembers(tx, workspaceId, row.id, [...new Set(input.member_ids ?? [])]);
    return row;
  });
  return presentOne(ctx.db, saved);
}

/** manage_projects, or the project's own manager (who may edit and archive it, not delete it). */
export async function updateProject(
  ctx: AppContext,
  auth: RequestAuth,
  projectId: string,
  input: PatchBody,
): Promise<Project> {
  const { member, row: read } = await openProject(ctx, auth, projectId);
  const check = (row: ProjectRow) => {
    if (!member.permissions.includes("manage_projects") && row.managerId !== member.id) {
      throw forbidden("manage_projects, or being the project's manager, is required");
    }
    liveOnly(row);
    checkDates(
      input.starts_on !== undefined ? input.starts_on : row.startsOn,
      input.ends_on !== undefined ? input.ends_on : row.endsOn,
    );
  };
  check(read);
  const workspaceId = read.workspaceId;
  const saved = await ctx.db.transaction(async (tx) => {
    check(await lockProject(tx, member, projectId));
    await checkReferences(tx, workspaceId, input);
    const updated = await updateProjectRow(tx, workspaceId, projectId, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.group_id !== undefined && { groupId: input.group_id }),
      ...(input.manager_id !== undefined && { managerId: input.manager_id }),
      ...(input.starts_on !== undefined && { startsOn: input.starts_on }),
      ...(input.ends_on !== undefined && { endsOn: input.ends_on }),
      ...(input.status !== undefined && { status: input.status }),
      ...(input.color !== undefined && { color: input.color }),
    });
    if (!updated) throw projectNotFound();
    if (input.member_ids !== undefined) {
      await replaceProjectMembers(tx, workspaceId, projectId, [...new Set(input.member_ids)]);
    }
    return updated;
  });
  return presentOne(ctx.db, saved);
}

export async function deleteProject(ctx: AppContext, auth: RequestAuth, projectId: string): Promise<{ ok: true }> {
  const { member, row } = await openProject(ctx, auth, projectId);
  requireManager(member);
  // Already in the trash: the wish is already true (the first of two deletes at once keeps its time).
  if (!row.deletedAt) {
    await ctx.db.transaction(async (tx) => {
      const current = await lockProject(tx, member, projectId);
      if (!current.deletedAt) await updateProjectRow(tx, row.workspaceId, projectId, { deletedAt: ctx.now() });
    });
  }
  return { ok: true };
}

export async function restoreProject(ctx: AppContext, auth: RequestAuth, projectId: string): Promise<Project> {
  const { member, row } = await openProject(ctx, auth, projectId);
  requireManager(member);
  // Out of the trash it counts against the plan's limit again.
  const restored = row.deletedAt
    ? await ctx.db.transaction(async (tx) => {
        const current = await lockProject(tx, member, projectId);
        // Restored meanwhile by a concurrent call: counted once.
        if (!current.deletedAt) return current;
        await assertPlanAllows(tx, row.workspaceId, "project");
        return updateProjectRow(tx, row.workspaceId, projectId, { deletedAt: null });
      })
    : row;
  if (!restored) throw projectNotFound();
  return presentOne(ctx.db, restored);
}

/**
 * Drops the project between two neighbours (either may be absent: the start or the end of the list; both
 * absent: the end), by the one manual-order helper (lib/position.ts).
 */
export async function moveProject(
  ctx: AppContext,
  auth: RequestAuth,
  projectId: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<Project> {
  const { member, row } = await openProject(ctx, auth, projectId);
  requireManager(member);
  liveOnly(row);
  const workspaceId = row.workspaceId;
  const saved = await ctx.db.transaction(async (tx) => {
    liveOnly(await lockProject(tx, member, projectId));
    return moveBetween(
      projectId,
      { prevId: input.prev_id ?? null, nextId: input.next_id ?? null },
      {
        // A neighbour of another workspace is as unknown as one that does not exist.
        positions: (ids) => findProjectPositions(tx, workspaceId, ids),
        last: () => lastProjectPosition(tx, workspaceId),
        renumber: () => renumberProjects(tx, workspaceId),
        write: async (position) => (await updateProjectRow(tx, workspaceId, projectId, { position }))!,
        notFound: projectNotFound,
      },
    );
  });
  return presentOne(ctx.db, saved);
}
