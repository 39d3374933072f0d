import { periodLastDay, seatPrice } from "@tasuki/contract/billing/plan.schema";
import { STANDARD_TAX_RATE } from "@tasuki/contract/rules/consumption-tax";
import { DAY_MS, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "../../context/app-context.ts";
import { runWithoutActor } from "../../db/actor.ts";
import {
  countStaffSeats,
  ensureBillingAccount,
  insertContract,
  lockWorkspacePlan,
  type PlanContractRow,
} from "../../plan-gate/plan-gate.repository.ts";
import { setWorkspaceStatus } from "../workspace/workspace.service.ts";
import { periodEnd, tokyoDateLabel } from "./billing-calendar.ts";
import { mailWorkspaceDisabled } from "./billing-mail.ts";
import {
  findChargeableInvoices,
  findOpenInvoices,
  findPendingLines,
  findWorkspacesPastDue,
  insertPendingLine,
} from "./invoice.repository.ts";
import { issueInvoice } from "./invoice.service.ts";
import { chargeInvoice, DISABLE_AFTER_DAYS, daysPastDue, LOCK_AFTER_DAYS } from "./payment.service.ts";
import {
  deleteScheduledContracts,
  findContract,
  findEndedPeriods,
  findPaidCurrentContracts,
  findScheduledContract,
  updateBillingAccount,
  updateContract,
} from "./plan-contract.repository.ts";
import { endTrialAt, periodLines, prorate } from "./plan-contract.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Ends trials, renews paid periods (invoices, charges), retries failed charges and runs dunning (daily). */
    "billing-daily": Record<string, never>;
  }
}

export interface BillingDayCounts {
  trialsEnded: number;
  periodsRenewed: number;
  seatsAdded: number;
  charged: number;
  chargesFailed: number;
  disabled: number;
  locked: number;
}

/** A trial that ran out without a paid contract falls to free; nothing of the workspace is removed. */
async function endTrial(ctx: AppContext, ended: PlanContractRow): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, ended.workspaceId);
    const row = await findContract(tx, ended.workspaceId, ended.id);
    // Another run, or a contract signed meanwhile, got there first.
    if (row?.status !== "trial") return false;
    await endTrialAt(tx, row, row.currentPeriodEnd ?? ctx.now());
    return true;
  });
}

/**
 * The end of a paid period: a cancellation falls to free, a scheduled change takes over, otherwise the next
 * period starts with the active staff as its seats. Every new paid period is invoiced at once.
 */
async function renewPeriod(ctx: AppContext, ended: PlanContractRow): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, ended.workspaceId);
    const row = await findContract(tx, ended.workspaceId, ended.id);
    if (row?.status !== "active" || !row.currentPeriodEnd || row.currentPeriodEnd > ctx.now()) return false;
    const workspaceId = row.workspaceId;
    const start = row.currentPeriodEnd;
    const seats = Math.max(1, (await countStaffSeats(tx, workspaceId)).active);
    const scheduled = await findScheduledContract(tx, workspaceId);
    let next: PlanContractRow;
    if (row.cancelAtPeriodEnd || scheduled?.plan === "free" || row.plan === "free") {
      // What the ending period still owes (an upgrade's or added seats' proration, which would otherwise wait
      // for a next period that never comes) goes onto a last invoice for that period.
      if (row.plan !== "free" && (await findPendingLines(tx, workspaceId)).length > 0) {
        await issueInvoice(ctx, tx, {
          workspaceId,
          contractId: row.id,
          lines: [],
          periodStart: row.currentPeriodStart,
          periodEnd: start,
          paymentMethod: row.paymentMethod ?? "bank_transfer",
        });
      }
      await updateContract(tx, workspaceId, row.id, {
        status: row.cancelAtPeriodEnd ? "cancelled" : "expired",
        endedAt: start,
      });
      if (scheduled) await deleteScheduledContracts(tx, workspaceId);
      await insertContract(tx, {
        workspaceId,
        plan: "free",
        cycle: "monthly",
        seats,
        status: "active",
        currentPeriodStart: start,
        currentPeriodEnd: null,
      });
      return true;
    }
    if (scheduled) {
      await updateContract(tx, workspaceId, row.id, { status: "expired", endedAt: start });
      next = await updateContract(tx, workspaceId, scheduled.id, {
        status: "active",
        seats,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start, scheduled.cycle),
      });
    } else {
      next = await updateContract(tx, workspaceId, row.id, {
        seats,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start, row.cycle),
      });
    }
    await issueInvoice(ctx, tx, {
      workspaceId,
      contractId: next.id,
      lines: periodLines(next, next.currentPeriodStart, next.currentPeriodEnd!),
      periodStart: next.currentPeriodStart,
      periodEnd: next.currentPeriodEnd,
      paymentMethod: next.paymentMethod ?? "bank_transfer",
    });
    return true;
  });
}

/** Active staff above the billed seats: the added seats for the days left of the period, on the next invoice. */
async function billAddedSeats(ctx: AppContext, contract: PlanContractRow): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, contract.workspaceId);
    const row = await findContract(tx, contract.workspaceId, contract.id);
    if (row?.status !== "active" || !row.currentPeriodEnd) return 0;
    const active = (await countStaffSeats(tx, row.workspaceId)).active;
    const added = active - row.seats;
    if (added <= 0) return 0;
    const unit = seatPrice(row.plan, row.cycle);
    const amount = prorate({
      fromUnit: 0,
      toUnit: unit,
      seats: added,
      discountPercent: row.discountPercent,
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      now: ctx.now(),
    });
    if (amount > 0) {
      const lastDay = periodLastDay(row.currentPeriodEnd);
      await insertPendingLine(tx, row.workspaceId, {
        description: `スタッフ追加 ${added}名 日割り ${tokyoDateLabel(ctx.now())}〜${tokyoDateLabel(lastDay)}`,
        quantity: added,
        unit_price: Math.floor(amount / added),
        amount,
        tax_rate: STANDARD_TAX_RATE,
      });
    }
    await updateContract(tx, row.workspaceId, row.id, { seats: active });
    return added;
  });
}

/** Past due + 14 days: disabled (read-only); + 60 days: locked. The billing contact is told each time. */
async function dun(ctx: AppContext, now: Date): Promise<{ disabled: number; locked: number }> {
  const result = { disabled: 0, locked: 0 };
  const cutoff = tokyoDate(new Date(now.getTime() - DISABLE_AFTER_DAYS * DAY_MS));
  for (const { workspaceId } of await findWorkspacesPastDue(ctx.db, cutoff)) {
    await ctx.db.transaction(async (tx) => {
      await lockWorkspacePlan(tx, workspaceId);
      const late = await daysPastDue(tx, workspaceId, now);
      if (late <= DISABLE_AFTER_DAYS) return;
      const account = await ensureBillingAccount(tx, workspaceId);
      const oldest = (await findOpenInvoices(tx, workspaceId))[0]!;
      if (late > LOCK_AFTER_DAYS) {
        if (account.lockedAt) return;
        await updateBillingAccount(tx, workspaceId, {
          disabledReason: "non_payment",
          disabledAt: account.disabledAt ?? now,
          lockedAt: now,
        });
        await setWorkspaceStatus(tx, workspaceId, "locked");
        await mailWorkspaceDisabled(ctx, tx, oldest, "locked");
        result.locked += 1;
      } else if (account.disabledReason !== "non_payment") {
        await updateBillingAccount(tx, workspaceId, { disabledReason: "non_payment", disabledAt: now });
        await setWorkspaceStatus(tx, workspaceId, "disabled");
        await mailWorkspaceDisabled(ctx, tx, oldest, "disabled");
        result.disabled += 1;
      }
    });
  }
  return result;
}

/**
 * One day of billing at `ctx.now()`. Safe to run again: each step re-reads its contract under the workspace's
 * plan lock and does nothing when another run already did it.
 */
export async function runBillingDay(ctx: AppContext): Promise<BillingDayCounts> {
  const counts: BillingDayCounts = {
    trialsEnded: 0,
    periodsRenewed: 0,
    seatsAdded: 0,
    charged: 0,
    chargesFailed: 0,
    disabled: 0,
    locked: 0,
  };
  const now = ctx.now();
  // Seats that joined during a period are billed for its rest before the period rolls over.
  for (const row of await findPaidCurrentContracts(ctx.db)) {
    if (row.currentPeriodEnd && row.currentPeriodEnd > now) counts.seatsAdded += await billAddedSeats(ctx, row);
  }
  for (;;) {
    const ended = await findEndedPeriods(ctx.db, now, 100);
    if (ended.length === 0) break;
    for (const row of ended) {
      if (row.status === "trial") {
        if (await endTrial(ctx, row)) counts.trialsEnded += 1;
      } else if (await renewPeriod(ctx, row)) counts.periodsRenewed += 1;
    }
    if (ended.length < 100) break;
  }
  for (;;) {
    const due = await findChargeableInvoices(ctx.db, now, 100);
    for (const invoice of due) {
      const outcome = await chargeInvoice(ctx, invoice);
      if (outcome === "paid") counts.charged += 1;
      if (outcome === "failed") counts.chargesFailed += 1;
    }
    if (due.length < 100) break;
  }
  const dunned = await dun(ctx, now);
  counts.disabled = dunned.disabled;
  counts.locked = dunned.locked;
  return counts;
}

/** Daily at 00:10 Asia/Tokyo (compose-jobs.ts): the new day's periods start with it. */
export function defineBillingDailyJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "billing-daily",
    retry: { limit: 3, delaySeconds: 300 },
    expireInSeconds: 60 * 60,
    handle: () => runWithoutActor(() => runBillingDay(ctx)),
  });
}
