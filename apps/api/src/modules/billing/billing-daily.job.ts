import type { AppContext } from "../../app-context.ts";
import { runWithoutActor } from "../../db/actor.ts";
import {
  findContract,
  findEndedPeriods,
  insertContract,
  lockWorkspacePlan,
  type PlanContractRow,
  updateContract,
} from "./plan-contract.repository.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Ends trials, renews paid periods (invoices, charges), retries failed charges and runs dunning (daily). */
    "billing-daily": Record<string, never>;
  }
}

export interface BillingDayCounts {
  trialsEnded: number;
}

/** A trial that ran out without a paid contract falls to free; nothing of the workspace is removed. */
async function endTrial(ctx: AppContext, ended: PlanContractRow): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, ended.workspaceId);
    const row = await findContract(tx, ended.workspaceId, ended.id);
    // Another run, or a contract signed meanwhile, got there first.
    if (row?.status !== "trial") return false;
    const end = row.currentPeriodEnd ?? ctx.now();
    await updateContract(tx, row.workspaceId, row.id, { status: "expired", endedAt: end });
    await insertContract(tx, {
      workspaceId: row.workspaceId,
      plan: "free",
      cycle: "monthly",
      seats: row.seats,
      status: "active",
      currentPeriodStart: end,
      currentPeriodEnd: null,
    });
    return true;
  });
}

/**
 * One day of billing at `ctx.now()`. Safe to run again: each step re-reads its contract under the workspace's
 * plan lock and does nothing when another run already did it.
 */
export async function runBillingDay(ctx: AppContext): Promise<BillingDayCounts> {
  const counts: BillingDayCounts = { trialsEnded: 0 };
  for (;;) {
    const ended = await findEndedPeriods(ctx.db, ctx.now(), 100);
    const trials = ended.filter((row) => row.status === "trial");
    if (trials.length === 0) break;
    for (const row of trials) if (await endTrial(ctx, row)) counts.trialsEnded += 1;
    if (ended.length < 100) break;
  }
  return counts;
}

/** Daily at 00:10 Asia/Tokyo (register-jobs.ts): the new day's periods start with it. */
export function defineBillingDailyJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "billing-daily",
    retry: { limit: 3, delaySeconds: 300 },
    expireInSeconds: 60 * 60,
    handle: () => runWithoutActor(() => runBillingDay(ctx)),
  });
}
