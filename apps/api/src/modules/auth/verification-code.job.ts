import type { VerificationPurpose } from "@tasuki/contract/auth/auth.schema";
import type { AppContext } from "../../context/app-context.ts";
import { SEND_MAIL_CONCURRENCY, SEND_MAIL_EXPIRE_SECONDS } from "../../jobs/send-mail.job.ts";
import { deliverVerificationCode } from "./auth.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /**
     * A requested verification code: who asked for what, never the code itself (it is made, stored as an
     * HMAC and mailed by the job, so no plain code sits in the job table).
     */
    "send-verification-code": { email: string; purpose: VerificationPurpose; user_id: string | null };
  }
}

/**
 * Mails a requested code (or the notice that replaces it) after the request has answered. The request does
 * the same work for a registered address and an unknown one — count, enqueue — so its timing tells nothing;
 * looking the address up, making the code and talking to the SMTP server happen here. A code is worth ten
 * minutes, so retries are few and quick; a retry makes a fresh code (the earlier one stops working).
 */
export function defineVerificationCodeJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "send-verification-code",
    retry: { limit: 4, delaySeconds: 5, maxDelaySeconds: 60 },
    expireInSeconds: SEND_MAIL_EXPIRE_SECONDS,
    // Someone is waiting for each of these: more workers than for notices, so that a handful of sign-ups at once
    // (an office) is not served a few per polling interval.
    concurrency: 2 * SEND_MAIL_CONCURRENCY,
    handle: (payload, run) =>
      deliverVerificationCode(
        ctx,
        { email: payload.email, purpose: payload.purpose, userId: payload.user_id },
        // Each run makes a new code, so each run's mail is a mail of its own (a receiver that drops a repeated
        // Message-ID must not drop the code that works).
        { key: `code-${run.id}-${run.retryCount}` },
      ),
  });
}
