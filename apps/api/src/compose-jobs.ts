import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "./context/app-context.ts";
import type { Db } from "./db/client.ts";
import { defineSendMailJob } from "./jobs/send-mail.job.ts";
import { defineWeeklyReportJob } from "./modules/analytics/weekly-report.job.ts";
import { defineVerificationCodeJob } from "./modules/auth/verification-code.job.ts";
import { defineBillingDailyJob } from "./modules/billing/billing-daily.job.ts";
import { defineExternalDeliveryJob } from "./modules/external-service/external-delivery.job.ts";
import { purgeExpiredPrimaryItems, purgeExpiredSecondaryItems } from "./modules/item/item-purge.repository.ts";
import { defineMeetingJobs } from "./modules/meeting/meeting-jobs.ts";
import { purgeExpiredMeetings } from "./modules/meeting/meeting-purge.repository.ts";
import { defineDailyNotificationsJob } from "./modules/notification/daily-notifications.job.ts";
import { notifyIntegrationBroken } from "./modules/notification/notification.service.ts";
import { purgeExpiredProjects } from "./modules/project/project-purge.repository.ts";
import { definePeriodicReplanJob } from "./modules/task/periodic-replan.job.ts";
import { expiredTaskIds, purgeExpiredTasks } from "./modules/task/task-purge.repository.ts";
import { deletePurgedAttachmentFiles } from "./modules/task-attachment/task-attachment.service.ts";
import { purgeExpiredAttachments } from "./modules/task-attachment/task-attachment-purge.repository.ts";
import { defineSendInvitationJob } from "./modules/workspace-user/staff-invitation.job.ts";
import type { ObjectStorage } from "./storage/object-storage.ts";

/*
 * The composition root of the jobs: every module's jobs and their schedules, and the trash purge, which asks each
 * module to purge its own rows. The runner (jobs/) knows none of them.
 */

declare module "./jobs/jobs.ts" {
  interface JobPayloads {
    /** Deletes for good what has been in the trash for more than 30 days (daily). */
    "trash-purge": Record<string, never>;
  }
}

/**
 * Every job of the product and its schedule (cron in Asia/Tokyo). A new job: declare its payload in
 * `JobPayloads` (jobs/jobs.ts) and write `define…Job(ctx)` beside its module, then call it below.
 */
export function registerJobs(ctx: AppContext): void {
  defineSendMailJob(ctx);
  defineVerificationCodeJob(ctx);
  defineSendInvitationJob(ctx);
  defineTrashPurgeJob(ctx);
  definePeriodicReplanJob(ctx);
  defineDailyNotificationsJob(ctx);
  defineBillingDailyJob(ctx);
  defineMeetingJobs(ctx);
  defineExternalDeliveryJob(ctx, notifyIntegrationBroken);
  defineWeeklyReportJob(ctx);

  // Night hours, when nobody works: 03:00 purge, 03:30 re-planning (before anyone opens the day's tasks).
  ctx.jobs.schedule("trash-purge", "0 3 * * *", {});
  ctx.jobs.schedule("periodic-replan", "30 3 * * *", {});
  ctx.jobs.schedule("meeting-periodic-replan", "40 3 * * *", {});
  // A meeting's unfinished agenda reaches the next occurrence soon after it ends.
  ctx.jobs.schedule("meeting-carry-over", "*/10 * * * *", {});
  // A meeting starting within REMINDER_MINUTES (15) is reminded of once, 10 to 15 minutes before it.
  ctx.jobs.schedule("meeting-reminders", "*/5 * * * *", {});
  // Deadline reminders and the morning digest when the working day starts.
  ctx.jobs.schedule("daily-notifications", "0 9 * * *", {});
  // The managers' weekly report when the week's first working day starts.
  ctx.jobs.schedule("weekly-report", "0 9 * * 1", {});
  // Billing right after midnight: trials end and periods start on the new day.
  ctx.jobs.schedule("billing-daily", "10 0 * * *", {});
}

/** How long a deleted row stays restorable in the trash (DOMAIN.md: default 30 days). */
export const TRASH_RETENTION_DAYS = 30;

export interface PurgeCounts {
  tasks: number;
  attachments: number;
  secondaryItems: number;
  primaryItems: number;
  projects: number;
  meetings: number;
}

/**
 * Deletes for good every task, secondary item, primary item, project and meeting that went to the trash more than
 * 30 days before `now`, in one transaction. Children go first, and a parent goes only when nothing refers
 * to it any more: a row deleted later than its parent (still restorable), or restored on its own, keeps the
 * parent, which is purged by a later run once that row is gone. Status history and notifications of a task
 * go with it (ON DELETE CASCADE). Running it twice changes nothing the second time.
 *
 * Attachments go with their task, and a removed attachment 30 days after its removal: rows and files. The files
 * are deleted inside the transaction, after all the rows (deletePurgedAttachmentFiles says why).
 *
 * One exception: a deleted occurrence of a periodic task whose date is still to come stays (task-purge.repository.ts).
 */
export async function purgeTrash(db: Db, storage: ObjectStorage, now: Date): Promise<PurgeCounts> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const today = tokyoDate(now);
  return db.transaction(async (tx) => {
    const purgedAttachments = await purgeExpiredAttachments(tx, cutoff, expiredTaskIds(tx, cutoff, today));
    const tasks = await purgeExpiredTasks(tx, cutoff, today);
    const secondaryItems = await purgeExpiredSecondaryItems(tx, cutoff);
    const primaryItems = await purgeExpiredPrimaryItems(tx, cutoff);
    const projects = await purgeExpiredProjects(tx, cutoff);
    const meetings = await purgeExpiredMeetings(tx, cutoff);
    await deletePurgedAttachmentFiles(storage, purgedAttachments);
    return { tasks, attachments: purgedAttachments.length, secondaryItems, primaryItems, projects, meetings };
  });
}

/** Daily at 03:00 Asia/Tokyo (registerJobs); the cut-off is computed from ctx.now when it runs. */
function defineTrashPurgeJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "trash-purge",
    retry: { limit: 3, delaySeconds: 300 },
    handle: () => purgeTrash(ctx.db, ctx.storage, ctx.now()),
  });
}
