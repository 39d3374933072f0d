import type { AppContext } from "../app-context.ts";

/**
 * Mail that need not reach the person while they wait (notices, reminders, digests) goes through this job:
 * enqueued in the transaction of the change it tells about, sent after the commit, and retried with
 * back-off while the SMTP server refuses it (10 s, 20 s, 40 s … up to an hour between tries, about five
 * hours in all). Verification codes and invitations are sent directly instead: the person is waiting for them,
 * the API answers 503 at once when the server is down, and their payload (a code, an invitation link) must
 * not sit in the job table.
 */
export function defineSendMailJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "send-mail",
    retry: { limit: 12, delaySeconds: 10, maxDelaySeconds: 3600 },
    expireInSeconds: 5 * 60,
    async handle(message) {
      await ctx.mailer.send(message);
    },
  });
}
