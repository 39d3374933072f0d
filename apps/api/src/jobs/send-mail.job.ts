import type { Mailer } from "../mail/mailer.ts";
import type { Jobs } from "./jobs.ts";

/**
 * Mail that need not reach the person while they wait (notices, reminders, digests) goes through this job:
 * enqueued in the transaction of the change it tells about, sent after the commit, and retried with
 * back-off while the SMTP server refuses it (10 s, 20 s, 40 s … up to an hour between tries, about five
 * hours in all). Verification codes and invitations have jobs of their own (modules/auth/verification-code.job.ts,
 * modules/workspace-user/staff-invitation.job.ts), which make the code or the link when they run, so that
 * neither sits in the job table.
 */
/** A send lost with its instance is run again after this long; the SMTP timeouts (mailer.ts) stay well under it. */
export const SEND_MAIL_EXPIRE_SECONDS = 5 * 60;

/** Deliveries one instance makes at once. */
export const SEND_MAIL_CONCURRENCY = 4;

/** Takes the queue and the mailer only: the runner stands below the app's context (context/app-context.ts). */
export function defineSendMailJob(ctx: { jobs: Jobs; mailer: Mailer }): void {
  ctx.jobs.define({
    name: "send-mail",
    retry: { limit: 12, delaySeconds: 10, maxDelaySeconds: 3600 },
    expireInSeconds: SEND_MAIL_EXPIRE_SECONDS,
    // Mails of one change (a notice to each member) go out side by side, each on its own connection.
    concurrency: SEND_MAIL_CONCURRENCY,
    async handle(message, run) {
      // The job's id names the mail: a rare second run (an instance lost mid-send) sends the same Message-ID.
      await ctx.mailer.send(message, { key: `job-${run.id}` });
    },
  });
}
