import type { AppContext } from "../../context/app-context.ts";
import { extendPeriodicSeries } from "./task-periodic.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Extends every periodic task's occurrences to the rolling horizon (daily). */
    "periodic-replan": Record<string, never>;
  }
}

/**
 * Daily at 03:30 Asia/Tokyo (compose-jobs.ts): the rolling horizon moves one day, so each periodic task gets
 * the occurrence(s) that came within it. "Today" is ctx.now's Tokyo date when the job runs.
 */
export function definePeriodicReplanJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "periodic-replan",
    retry: { limit: 3, delaySeconds: 300 },
    handle: () => extendPeriodicSeries(ctx),
  });
}
