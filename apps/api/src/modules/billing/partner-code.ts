import type { AppContext } from "../../context/app-context.ts";
import { hitLimits, refundHits } from "../../plugins/rate-limit.ts";
import { findPartnerByCode, type PartnerRow } from "./billing-profile.repository.ts";

/**
 * Partner codes are chosen by people (short, guessable) and each right one is a discount: wrong ones are counted
 * per account and per workspace before the lookup, in one statement (plugins/rate-limit.ts), and a right one
 * gives its count back. Both ways a caller can try one (`verify-partner-code`, `partner_code` on
 * `plan-contract/new`) come here.
 */
const partnerCodeLimits = (userId: string, workspaceId: string) => [
  { key: `partner-code:user:${userId}`, max: 10, windowSeconds: 60 * 60 },
  { key: `partner-code:workspace:${workspaceId}`, max: 20, windowSeconds: 60 * 60 },
];

export async function findPartnerWithinLimits(
  ctx: AppContext,
  caller: { userId: string; workspaceId: string },
  code: string,
): Promise<PartnerRow | null> {
  const hits = await hitLimits(ctx, partnerCodeLimits(caller.userId, caller.workspaceId));
  const partner = await findPartnerByCode(ctx.db, code);
  if (partner) await refundHits(ctx, hits);
  return partner;
}
