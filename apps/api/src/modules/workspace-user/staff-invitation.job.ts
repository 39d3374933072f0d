import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { SEND_MAIL_CONCURRENCY, SEND_MAIL_EXPIRE_SECONDS } from "../../jobs/send-mail.job.ts";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/tokens.ts";
import { staffInvitationMail } from "../../mail/templates.ts";
import { findWorkspaceName } from "../workspace/workspace.service.ts";
import { findStaff, issueInvitationToken } from "./staff.repository.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** One staff invitation mail; the token is made when the mail is sent, so the job row holds none. */
    "send-invitation": { workspace_id: string; staff_id: string; inviter_id: string };
  }
}

/** How long an invitation link works, counted from `invited_at` (the last mail sent). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Invitations of one request beyond the first batch go out this many a minute (an import of 150 takes 5 minutes). */
export const INVITATIONS_PER_MINUTE = 30;

export const displayName = (row: { lastName: string; firstName: string }) => `${row.lastName}　${row.firstName}`;

export function invitationLink(ctx: AppContext, token: string): string {
  return `${ctx.config.appOrigin}/invitation?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the invitation mails of a change in its transaction (no mail for a change that rolled back). The
 * first `INVITATIONS_PER_MINUTE` go at once, the rest a minute apart per batch: the queue's real clock, not
 * the request's, decides when a job runs. With `merge`, a re-send of a record whose mail is still waiting
 * adds no mail (singleton per record): the waiting job mails the record as it is when it runs.
 */
export async function queueInvitations(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  inviterId: string,
  staffIds: string[],
  options: { merge?: boolean } = {},
): Promise<void> {
  const payload = (staffId: string) => ({ workspace_id: workspaceId, staff_id: staffId, inviter_id: inviterId });
  if (staffIds.length === 1) {
    const key = options.merge ? { singletonKey: `invitation:${staffIds[0]}` } : {};
    await ctx.jobs.enqueue(tx, "send-invitation", payload(staffIds[0]!), key);
    return;
  }
  const start = Date.now();
  await ctx.jobs.enqueueMany(
    tx,
    "send-invitation",
    staffIds.map((staffId, index) => {
      const batch = Math.floor(index / INVITATIONS_PER_MINUTE);
      return { payload: payload(staffId), ...(batch > 0 && { startAfter: new Date(start + batch * 60_000) }) };
    }),
  );
}

/**
 * Sends one invitation: makes a fresh token, stores its hash on the record (the link of any earlier mail
 * stops working), then mails the link. The token exists only in this run and in the mail, never in the job
 * table (docs/decisions/0009). An invitation accepted or deleted before its turn sends nothing. A retry
 * after a failed delivery makes another token; a mail that did leave before the failure then carries a dead
 * link, and the newer one works.
 */
export function defineSendInvitationJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "send-invitation",
    retry: { limit: 12, delaySeconds: 10, maxDelaySeconds: 3600 },
    expireInSeconds: SEND_MAIL_EXPIRE_SECONDS,
    concurrency: SEND_MAIL_CONCURRENCY,
    async handle({ workspace_id: workspaceId, staff_id: staffId, inviter_id: inviterId }, run) {
      const [workspaceName, inviter] = await Promise.all([
        findWorkspaceName(ctx.db, workspaceId),
        findStaff(ctx.db, workspaceId, inviterId),
      ]);
      if (workspaceName === null) return { sent: false, reason: "workspace gone" };
      const token = newOpaqueToken();
      const row = await issueInvitationToken(ctx.db, workspaceId, staffId, hashOpaqueToken(token), ctx.now());
      if (!row) return { sent: false, reason: "invitation no longer open" };
      await ctx.mailer.send(
        staffInvitationMail(row.email, {
          inviteeName: displayName(row),
          inviterName: inviter ? displayName(inviter) : "管理者",
          workspaceName,
          link: invitationLink(ctx, token),
          expiresAt: new Date(row.invitedAt!.getTime() + INVITATION_TTL_MS),
        }),
        // Not the job id alone (send-mail's Message-ID): each try carries a new link, and a receiver that
        // deduplicated by Message-ID would keep the mail whose link no longer works.
        { key: `job-${run.id}-${run.retryCount}` },
      );
      return { sent: true };
    },
  });
}
