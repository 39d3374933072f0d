import type { AppContext } from "../../context/app-context.ts";
import { runWithoutActor } from "../../db/actor.ts";
import { runWeeklyReports } from "./weekly-report.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** 週次レポート to managers (Mondays at 09:00 Asia/Tokyo). */
    "weekly-report": Record<string, never>;
  }
}

/**
 * The Monday 09:00 weekly report. Safe to repeat: each person's week is claimed with their mail, so a retry, a
 * run missed while no instance was up and sent at the next start, or a second instance mails nobody twice.
 */
export function defineWeeklyReportJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "weekly-report",
    retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 900 },
    async handle() {
      return runWithoutActor(() => runWeeklyReports(ctx));
    },
  });
}
