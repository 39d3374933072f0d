import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/audit-logs.ts";
import { meetings } from "../../db/schema/meetings.ts";
import { type CommentMentions, taskComments, taskWatchers } from "../../db/schema/task-comments.ts";
import { groupMembers, groups, projects, workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";
import { permissionsOf } from "../../lib/permissions.ts";

export type TaskCommentRow = typeof taskComments.$inferSelect;
export type TaskAuditRow = typeof auditLogs.$inferSelect;

/** The latest comments of a task, oldest first; deleted ones too when asked (the timeline says they were). */
export async function listComments(
  db: DbOrTx,
  workspaceId: string,
  taskId: string,
  options: { withDeleted: boolean; limit: number },
): Promise<TaskCommentRow[]> {
  const rows = await db
    .select()
    .from(taskComments)
    .where(
      and(
        eq(taskComments.workspaceId, workspaceId),
        eq(taskComments.taskId, taskId),
        options.withDeleted ? undefined : isNull(taskComments.deletedAt),
      ),
    )
    .orderBy(desc(taskComments.createdAt), desc(taskComments.id))
    .limit(options.limit);
  return rows.reverse();
}

/** A live comment of this task, locked for the caller's transaction. */
export async function lockComment(
  db: DbOrTx,
  workspaceId: string,
  taskId: string,
  id: string,
): Promise<TaskCommentRow | undefined> {
  const [row] = await db
    .select()
    .from(taskComments)
    .where(
      and(
        eq(taskComments.workspaceId, workspaceId),
        eq(taskComments.taskId, taskId),
        eq(taskComments.id, id),
        isNull(taskComments.deletedAt),
      ),
    )
    .for("update");
  return row;
}

export async function insertComment(db: DbOrTx, value: typeof taskComments.$inferInsert): Promise<TaskCommentRow> {
  const [row] = await db.insert(taskComments).values(value).returning();
  return row!;
}

export async function updateComment(
  db: DbOrTx,
  id: string,
  values: { body: string; mentions: CommentMentions; editedAt?: Date; deletedAt?: Date },
): Promise<TaskCommentRow> {
  const [row] = await db.update(taskComments).set(values).where(eq(taskComments.id, id)).returning();
  return row!;
}

/** A staff member as the rules of a task need them: who they are, their role, status and permissions. */
export interface StaffMembership {
  id: string;
  userId: string | null;
  role: Role;
  status: WorkspaceUserStatus;
  permissions: Permission[];
  lastName: string;
  firstName: string;
}

/** Staff records of this workspace (not deleted) among these ids, with their permissions, in one query. */
export async function findStaffMemberships(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, StaffMembership>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: workspaceUsers.id,
      userId: workspaceUsers.userId,
      role: workspaceUsers.role,
      status: workspaceUsers.status,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      authorityRules: workspaces.authorityRules,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.id, unique),
        isNull(workspaceUsers.deletedAt),
      ),
    );
  return new Map(
    rows.map(({ authorityRules, ...row }) => [
      row.id,
      { ...row, permissions: permissionsOf(row.role, authorityRules) },
    ]),
  );
}

/** Live groups of this workspace among these ids: id → name. */
export async function findGroupNames(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, ids), isNull(groups.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The direct members of these groups (a group mention reaches them, not its sub-groups). */
export async function findGroupMemberIds(db: DbOrTx, workspaceId: string, groupIds: string[]): Promise<string[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ id: groupMembers.workspaceUserId })
    .from(groupMembers)
    .where(and(eq(groupMembers.workspaceId, workspaceId), inArray(groupMembers.groupId, groupIds)));
  return [...new Set(rows.map((row) => row.id))];
}

export async function listWatcherIds(db: DbOrTx, workspaceId: string, taskId: string): Promise<string[]> {
  const rows = await db
    .select({ staffId: taskWatchers.staffId })
    .from(taskWatchers)
    .where(and(eq(taskWatchers.workspaceId, workspaceId), eq(taskWatchers.taskId, taskId)))
    .orderBy(asc(taskWatchers.createdAt));
  return rows.map((row) => row.staffId);
}

/** Idempotent: a second watch changes nothing (and announces nothing). */
export async function addWatcher(db: DbOrTx, workspaceId: string, taskId: string, staffId: string): Promise<void> {
  await db.insert(taskWatchers).values({ workspaceId, taskId, staffId }).onConflictDoNothing();
}

export async function removeWatcher(db: DbOrTx, workspaceId: string, taskId: string, staffId: string): Promise<void> {
  await db
    .delete(taskWatchers)
    .where(
      and(
        eq(taskWatchers.workspaceId, workspaceId),
        eq(taskWatchers.taskId, taskId),
        eq(taskWatchers.staffId, staffId),
      ),
    );
}

/** The audit rows of one task (its fields' history), oldest first, the latest `limit`. */
export async function listTaskAudit(
  db: DbOrTx,
  workspaceId: string,
  taskId: string,
  limit: number,
): Promise<TaskAuditRow[]> {
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityId, taskId), eq(auditLogs.workspaceId, workspaceId), eq(auditLogs.entity, "task")))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
  return rows.reverse();
}

/** Names of groups (trashed ones too: history names what was there), projects and meetings. */
export async function findNames(
  db: DbOrTx,
  workspaceId: string,
  ids: { groups: string[]; projects: string[]; meetings: string[] },
): Promise<{ groups: Map<string, string>; projects: Map<string, string>; meetings: Map<string, string> }> {
  const [groupRows, projectRows, meetingRows] = await Promise.all([
    ids.groups.length
      ? db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, ids.groups)))
      : [],
    ids.projects.length
      ? db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(and(eq(projects.workspaceId, workspaceId), inArray(projects.id, ids.projects)))
      : [],
    ids.meetings.length
      ? db
          .select({ id: meetings.id, name: meetings.name })
          .from(meetings)
          .where(and(eq(meetings.workspaceId, workspaceId), inArray(meetings.id, ids.meetings)))
      : [],
  ]);
  const toMap = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { groups: toMap(groupRows), projects: toMap(projectRows), meetings: toMap(meetingRows) };
}
