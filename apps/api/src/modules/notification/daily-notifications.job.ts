import type { AppContext } from "../../context/app-context.ts";
import { runWithoutActor } from "../../db/actor.ts";
import { runDailyNotifications } from "./notification.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Deadline reminders and the morning digest (daily at 09:00 Asia/Tokyo). */
    "daily-notifications": Record<string, never>;
  }
}

/**
 * The 09:00 run of reminders and digests. Safe to repeat (the reminders have idempotency keys, the mails
 * are claimed in the run's transaction), so a retry or a run missed while no instance was up and sent at
 * the next start sends nothing twice and skips nothing.
 */
export function defineDailyNotificationsJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "daily-notifications",
    retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 900 },
    async handle() {
      await runWithoutActor(() => runDailyNotifications(ctx));
    },
  });
}
