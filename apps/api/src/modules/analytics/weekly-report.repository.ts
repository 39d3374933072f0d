import { and, sql } from "drizzle-orm";
import type { TaskViewer } from "../../access/access.repository.ts";
import type { DbOrTx } from "../../db/client.ts";
import { weeklyReportSends } from "../../db/schema/notifications.ts";
import { rowsOf, scopedTasks } from "./analytics.repository.ts";

export interface WeeklyReportCandidate {
  staffId: string;
  workspaceId: string;
  workspaceName: string;
  userId: string;
  email: string;
  role: "owner" | "admin" | "member" | "guest";
  lastName: string;
  firstName: string;
  authorityRules: unknown;
}

/**
 * Who may get the week's report: active staff of an active workspace who manage at least one live open task,
 * whose account has not turned the weekly report off, and who have not had this week's yet. Plan and
 * permissions are checked by the caller.
 */
export async function findWeeklyReportCandidates(db: DbOrTx, weekStart: string): Promise<WeeklyReportCandidate[]> {
  return rowsOf<WeeklyReportCandidate>(
    db,
    sql`select wu.id as "staffId", wu.workspace_id as "workspaceId", w.name as "workspaceName", wu.user_id as "userId",
        u.email, wu.role, wu.last_name as "lastName", wu.first_name as "firstName", w.authority_rules as "authorityRules"
      from workspace_users wu
      join workspaces w on w.id = wu.workspace_id and w.deleted_at is null and w.status = 'active'
      join users u on u.id = wu.user_id
      left join notification_preferences p on p.user_id = wu.user_id
      where wu.deleted_at is null and wu.status = 'active' and coalesce(p.weekly_report, true)
        and exists (select 1 from tasks t where t.workspace_id = wu.workspace_id and t.manager_id = wu.id
          and t.deleted_at is null and t.status in ('none', 'in_progress'))
        and not exists (select 1 from weekly_report_sends s where s.workspace_user_id = wu.id and s.week_start = ${weekStart})
      order by wu.workspace_id, wu.id`,
  );
}

/** Takes the week's report of a person; false when it was taken already (another run, another instance). */
export async function claimWeeklyReport(db: DbOrTx, staffId: string, weekStart: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(weeklyReportSends)
    .values({ workspaceUserId: staffId, weekStart, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: weeklyReportSends.workspaceUserId });
  return rows.length > 0;
}

export interface OverdueTaskRow {
  id: string;
  title: string;
  expiresAt: Date;
  assigneeLastName: string | null;
  assigneeFirstName: string | null;
}

/** The manager's open tasks past their deadline, oldest deadline first (those the viewer may see). */
export async function overdueManagedTasks(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  viewer: TaskViewer,
  now: Date,
  limit: number,
): Promise<OverdueTaskRow[]> {
  return rowsOf<OverdueTaskRow>(
    db,
    sql`select tasks.id, tasks.title, tasks.expires_at as "expiresAt",
        a.last_name as "assigneeLastName", a.first_name as "assigneeFirstName"
      from tasks left join workspace_users a on a.id = tasks.assignee_id
      where ${and(
        scopedTasks(db, workspaceId, { kind: "management", staffId }, viewer),
        sql`tasks.status in ('none', 'in_progress')`,
        sql`tasks.expires_at < ${now}`,
      )}
      order by tasks.expires_at, tasks.id
      limit ${limit}`,
  );
}
