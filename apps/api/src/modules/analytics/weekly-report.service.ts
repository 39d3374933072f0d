import type { AuthorityRules } from "@tasuki/contract/authority/authority.schema";
import { planHasFeature } from "@tasuki/contract/billing/plan.schema";
import {
  fromDayNumber,
  mondayOfDayNumber,
  startOfTokyoDayNumber,
  tokyoDayNumber,
} from "@tasuki/contract/rules/tokyo-date";
import { taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import { permissionsOf } from "../../lib/permissions.ts";
import { weeklyReportMail } from "../../mail/weekly-report-templates.ts";
import { currentPlan } from "../../plan-gate/plan-gate.ts";
import { enqueueMails } from "../notification/notification-mail.ts";
import { summaryFigures } from "./analytics.repository.ts";
import { claimWeeklyReport, findWeeklyReportCandidates, overdueManagedTasks } from "./weekly-report.repository.ts";

/** The report goes out on Mondays at 09:00 Asia/Tokyo. */
const SEND_HOUR = 9;
const HOUR_MS = 3600 * 1000;
/** Overdue tasks the mail names; the rest are counted. */
const OVERDUE_LISTED = 10;

/**
 * The Monday (Tokyo day number) whose 09:00 report is due at `now`: this week's from Monday 09:00, last week's
 * before it. A run later in the week (a missed Monday run sent at the next start) catches that week up, once.
 */
export function reportMonday(now: Date): number {
  const monday = mondayOfDayNumber(tokyoDayNumber(now));
  return now.getTime() >= startOfTokyoDayNumber(monday).getTime() + SEND_HOUR * HOUR_MS ? monday : monday - 7;
}

/**
 * 週次レポート: to every manager (staff who manage open tasks and may see their own analytics, in a workspace whose
 * plan has analytics, who did not turn it off), the figures of the tasks they manage for the week before the
 * report's Monday and what is overdue now, counted as the management page counts them (only tasks they may see).
 * Each person and week is claimed in the transaction that hands the mail to the mail job: a retry, a second
 * instance or a caught-up run never mails anyone twice for a week.
 */
export async function runWeeklyReports(ctx: AppContext): Promise<{ week: string; sent: number }> {
  const now = ctx.now();
  const monday = reportMonday(now);
  const week = fromDayNumber(monday);
  const candidates = await findWeeklyReportCandidates(ctx.db, week);
  const plans = new Map<string, boolean>();
  let sent = 0;
  for (const person of candidates) {
    if (!plans.has(person.workspaceId)) {
      plans.set(person.workspaceId, planHasFeature(await currentPlan(ctx.db, person.workspaceId), "analytics"));
    }
    if (!plans.get(person.workspaceId)) continue;
    const permissions = permissionsOf(person.role, person.authorityRules as AuthorityRules | null);
    if (!permissions.some((permission) => permission.startsWith("view_analytics_"))) continue;
    const viewer = taskViewerOf({ id: person.staffId, role: person.role, permissions });
    const scope = { kind: "management" as const, staffId: person.staffId };
    const claimed = await ctx.db.transaction(async (tx) => {
      if (!(await claimWeeklyReport(tx, person.staffId, week, now))) return false;
      const figures = await summaryFigures(
        tx,
        person.workspaceId,
        scope,
        viewer,
        { now, start: startOfTokyoDayNumber(monday - 7), end: startOfTokyoDayNumber(monday) },
        [startOfTokyoDayNumber(monday - 7)],
      );
      // Due this week: the tasks of the report's own week still open.
      const thisWeek = await summaryFigures(
        tx,
        person.workspaceId,
        scope,
        viewer,
        { now, start: startOfTokyoDayNumber(monday), end: startOfTokyoDayNumber(monday + 7) },
        [startOfTokyoDayNumber(monday)],
      );
      const overdue = await overdueManagedTasks(tx, person.workspaceId, person.staffId, viewer, now, OVERDUE_LISTED);
      const origin = ctx.config.appOrigin;
      const from = fromDayNumber(monday - 7);
      const to = fromDayNumber(monday - 1);
      await enqueueMails(ctx, tx, [
        weeklyReportMail({
          to: person.email,
          workspaceName: person.workspaceName,
          recipientName: `${person.lastName} ${person.firstName}`,
          from,
          to_: to,
          created: figures.created,
          completed: figures.completed,
          completedWithDeadline: figures.completed_with_deadline,
          completedOnTime: figures.completed_on_time,
          open: figures.open_now,
          overdue: figures.overdue_now,
          dueThisWeek: thisWeek.due_not_started + thisWeek.due_in_progress,
          overdueTasks: overdue.map((task) => ({
            title: task.title,
            assignee:
              task.assigneeLastName === null ? null : `${task.assigneeLastName} ${task.assigneeFirstName ?? ""}`.trim(),
            deadline: fromDayNumber(tokyoDayNumber(new Date(task.expiresAt))),
            link: `${origin}/task/management?task=${encodeURIComponent(task.id)}`,
          })),
          analyticsLink: `${origin}/analytics/management/${person.staffId}?period=range&from=${from}&to=${to}`,
          taskListLink: `${origin}/task/management`,
          preferenceLink: `${origin}/mypage/profile#notification-settings`,
        }),
      ]);
      return true;
    });
    if (claimed) sent++;
  }
  return { week, sent };
}
