import type { AppContext } from "../../context/app-context.ts";
import { carryOverEndedMeetings } from "./meeting-carry-over.ts";
import { sendMeetingReminders } from "./meeting-notices.ts";
import { extendMeetingSeries } from "./meeting-periodic.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Carries the unfinished agenda of ended occurrences over to the next one (every 10 minutes). */
    "meeting-carry-over": Record<string, never>;
    /** Extends every meeting series to the rolling horizon (daily). */
    "meeting-periodic-replan": Record<string, never>;
    /** Reminds the people of meetings starting within 15 minutes (every 5 minutes). */
    "meeting-reminders": Record<string, never>;
  }
}

export function defineMeetingJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: "meeting-carry-over",
    retry: { limit: 3, delaySeconds: 60 },
    handle: () => carryOverEndedMeetings(ctx),
  });
  ctx.jobs.define({
    name: "meeting-periodic-replan",
    retry: { limit: 3, delaySeconds: 300 },
    handle: () => extendMeetingSeries(ctx),
  });
  ctx.jobs.define({
    name: "meeting-reminders",
    retry: { limit: 2, delaySeconds: 30 },
    handle: () => sendMeetingReminders(ctx),
  });
}
