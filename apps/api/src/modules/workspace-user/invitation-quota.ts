import type { AppContext } from "../../context/app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Hits, hitLimit, hitLimits, type Limit, refundHits } from "../../plugins/rate-limit.ts";

const DAY = 24 * 60 * 60;

/**
 * How many invitation mails may go out (issue 9: 20 PATCH calls once mailed one address 21 times in 4 s, and
 * one import mailed 150 addresses). Per address (5 a day) across every workspace, so that no company can
 * flood a stranger's inbox; per workspace per day, so that a free workspace is no mail cannon. The workspace quota is
 * `INVITATION_DAILY_LIMIT` (500 by default): a company importing more staff at once raises it.
 */
export const invitationLimits = {
  perAddress: (email: string): Limit => ({ key: `invite:addr:${email}`, max: 5, windowSeconds: DAY }),
  perWorkspaceDay: (workspaceId: string, max: number): Limit => ({
    key: `invite:ws:${workspaceId}`,
    max,
    windowSeconds: DAY,
  }),
};

const addressQuota = () =>
  new AppError(
    "invitation_quota",
    429,
    "このメールアドレスへの招待メールの送信回数が上限（1日5通）に達しました。時間をおいてから再度お試しください。",
    "invitation mail quota of the address reached",
  );

const workspaceQuota = (max: number) =>
  new AppError(
    "invitation_quota",
    429,
    `このワークスペースから1日に送信できる招待メールの上限（${max.toLocaleString("ja-JP")}通）に達しました。明日以降に再度お試しください。`,
    "invitation mail quota of the workspace reached",
  );

/** The shared helper's generic 429 becomes the invitation's own message. */
async function guard<T>(count: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await count();
  } catch (error) {
    if (error instanceof AppError && error.status === 429) throw refusal();
    throw error;
  }
}

/**
 * Counts the invitation mails about to be sent, one per address, before anything is written, through the
 * shared rate-limit helper: each count is one `INSERT … ON CONFLICT … RETURNING` (rate-limit.repository.ts),
 * so concurrent requests cannot both pass a full quota. Over a quota: 429 `invitation_quota`, and the request
 * writes and sends nothing. The workspace's counts of a refused request are given back (an import that does
 * not fit spends nothing); the addresses are counted in one statement, all or none refused.
 */
export async function countInvitationMails(ctx: AppContext, workspaceId: string, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  const max = ctx.config.invitationDailyLimit;
  const workspace = invitationLimits.perWorkspaceDay(workspaceId, max);
  const counted: Hits[] = [];
  try {
    for (let i = 0; i < emails.length; i++) {
      try {
        counted.push(
          await guard(
            () => hitLimit(ctx, workspace),
            () => workspaceQuota(max),
          ),
        );
      } catch (error) {
        // The refused count was taken too; it is in the same window as the ones before it.
        if (counted.length > 0) counted.push(counted.at(-1)!);
        throw error;
      }
    }
    const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
    await guard(() => hitLimits(ctx, addresses.map(invitationLimits.perAddress)), addressQuota);
  } catch (error) {
    for (const hits of counted) await refundHits(ctx, hits);
    throw error;
  }
}
