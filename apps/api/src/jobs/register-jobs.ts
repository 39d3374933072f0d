import type { AppContext } from "../context/app-context.ts";
import { defineWeeklyReportJob } from "../modules/analytics/weekly-report.job.ts";
import { defineVerificationCodeJob } from "../modules/auth/verification-code.job.ts";
import { defineBillingDailyJob } from "../modules/billing/billing-daily.job.ts";
import { defineExternalDeliveryJob } from "../modules/external-service/external-delivery.job.ts";
import { defineMeetingJobs } from "../modules/meeting/meeting-jobs.ts";
import { defineDailyNotificationsJob } from "../modules/notification/daily-notifications.job.ts";
import { defineSendInvitationJob } from "../modules/workspace-user/staff-invitation.job.ts";
import { definePeriodicReplanJob } from "./periodic-replan.job.ts";
import { defineSendMailJob } from "./send-mail.job.ts";
import { defineTrashPurgeJob } from "./trash-purge.job.ts";

/**
 * Every job of the product and its schedule (cron in Asia/Tokyo). A new job: add its payload to
 * `JobPayloads` (jobs.ts), write `define…Job(ctx)` beside its module (or here), and call it below.
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
  defineExternalDeliveryJob(ctx);
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
