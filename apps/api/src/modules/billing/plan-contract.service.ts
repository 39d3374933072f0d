import {
  BILLING_CYCLE_LABELS,
  type BillingCycle,
  changeAppliesNow,
  type PaidPlan,
  type PaymentMethodKind,
  PLAN_CATALOGUE,
  type Plan,
  type PlanContract,
  periodLastDay,
  planMisfit,
  seatPrice,
} from "@tasuki/contract/billing/plan.schema";
import { STANDARD_TAX_RATE } from "@tasuki/contract/rules/consumption-tax";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { InvoiceLine } from "../../db/schema/billing.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import {
  countLiveProjects,
  countStaffSeats,
  findCurrentContract,
  insertContract,
  lockWorkspacePlan,
  type PlanContractRow,
} from "../../plan-gate/plan-gate.repository.ts";
import { daysBetween, periodEnd, tokyoDateLabel } from "./billing-calendar.ts";
import { findPartnerById, listCards, type PartnerRow } from "./billing-profile.repository.ts";
import { insertPendingLine } from "./invoice.repository.ts";
import { issueInvoice } from "./invoice.service.ts";
import { findPartnerWithinLimits } from "./partner-code.ts";
import { chargeInvoice } from "./payment.service.ts";
import { listPlanContracts, presentContract } from "./plan.service.ts";
import {
  deleteScheduledContracts,
  findContractWorkspace,
  findScheduledContract,
  updateContract,
} from "./plan-contract.repository.ts";

const billingOnly = { permission: "manage_billing", billing: true } as const;

/** The invoice lines of one period of a contract: the seats, and the partner's discount as its own line. */
export function periodLines(
  contract: { plan: Plan; cycle: BillingCycle; seats: number; discountPercent: number },
  start: Date,
  end: Date,
): InvoiceLine[] {
  const unit = seatPrice(contract.plan, contract.cycle);
  const label = `Tasuki ${PLAN_CATALOGUE[contract.plan].label}プラン（${BILLING_CYCLE_LABELS[contract.cycle]}）`;
  const lastDay = periodLastDay(end);
  const lines: InvoiceLine[] = [
    {
      description: `${label} ${tokyoDateLabel(start)}〜${tokyoDateLabel(lastDay)}`,
      quantity: contract.seats,
      unit_price: unit,
      amount: unit * contract.seats,
      tax_rate: STANDARD_TAX_RATE,
    },
  ];
  if (contract.discountPercent > 0) {
    const discount = -Math.floor((unit * contract.seats * contract.discountPercent) / 100);
    lines.push({
      description: `パートナー割引（${contract.discountPercent}%）`,
      quantity: 1,
      unit_price: discount,
      amount: discount,
      tax_rate: STANDARD_TAX_RATE,
    });
  }
  return lines;
}

/**
 * What a change costs for the rest of the period, by day: (new − old) seat price × seats × days left / days of
 * the period, rounded down, after the partner's discount. Billed on the next invoice.
 */
export function prorate(input: {
  fromUnit: number;
  toUnit: number;
  seats: number;
  discountPercent: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const total = daysBetween(input.periodStart, input.periodEnd);
  const left = Math.min(total, daysBetween(input.now, input.periodEnd));
  if (total === 0 || left === 0) return 0;
  const full = (input.toUnit - input.fromUnit) * input.seats;
  return Math.floor((full * (100 - input.discountPercent) * left) / (100 * total));
}

/**
 * A plan the workspace does not fit (フリー for 310 staff) is refused, not sold at ¥0: call under the plan lock,
 * so that the counts are those the change is made on. Nothing is refused when the workspace only grows later.
 */
async function assertPlanFits(tx: DbOrTx, workspaceId: string, plan: Plan): Promise<void> {
  const [seats, projects] = await Promise.all([countStaffSeats(tx, workspaceId), countLiveProjects(tx, workspaceId)]);
  const misfit = planMisfit(plan, { staff: seats.seated, projects });
  if (misfit) {
    throw badRequest(
      "plan_does_not_fit",
      misfit,
      `the workspace has ${seats.seated} staff and ${projects} projects, over the ${plan} plan's limits`,
    );
  }
}

const invalidPartner = () =>
  badRequest("invalid_partner_code", "パートナーコードが正しくありません。", "no partner has this code");

async function partnerFor(
  ctx: AppContext,
  caller: { userId: string; workspaceId: string },
  code: string | undefined,
): Promise<PartnerRow | null> {
  if (!code) return null;
  const partner = await findPartnerWithinLimits(ctx, caller, code);
  if (!partner) throw invalidPartner();
  return partner;
}

/**
 * A paid plan starts now: the trial or the free plan ends, the first period is invoiced at once (a card is
 * charged after the commit; a failed charge is retried like any other and does not undo the contract).
 */
export async function newPlanContract(
  ctx: AppContext,
  auth: RequestAuth,
  input: {
    workspace_id: string;
    plan: PaidPlan;
    cycle: BillingCycle;
    payment_method: PaymentMethodKind;
    partner_code?: string | undefined;
  },
): Promise<PlanContract> {
  const workspaceId = input.workspace_id;
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const partner = await partnerFor(ctx, { userId: auth.userId, workspaceId }, input.partner_code);
  if (input.payment_method === "card" && !(await listCards(ctx.db, workspaceId)).some((c) => c.isDefault)) {
    throw cardRequired();
  }
  const now = ctx.now();
  const { contract, invoice } = await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    await assertPlanFits(tx, workspaceId, input.plan);
    const current = await findCurrentContract(tx, workspaceId);
    if (current && current.plan !== "free" && current.status === "active") {
      throw conflict(
        "already_subscribed",
        "すでに有料プランをご契約中です。プランの変更から変更してください。",
        "the workspace already has a paid contract; use change",
      );
    }
    if (current) await updateContract(tx, workspaceId, current.id, { status: "expired", endedAt: now });
    await deleteScheduledContracts(tx, workspaceId);
    const seats = Math.max(1, (await countStaffSeats(tx, workspaceId)).active);
    const end = periodEnd(now, input.cycle);
    const contract = await insertContract(tx, {
      workspaceId,
      plan: input.plan,
      cycle: input.cycle,
      seats,
      status: "active",
      paymentMethod: input.payment_method,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      partnerId: partner?.id ?? null,
      discountPercent: partner?.discountPercent ?? 0,
    });
    const invoice = await issueInvoice(ctx, tx, {
      workspaceId,
      contractId: contract.id,
      lines: periodLines(contract, now, end),
      periodStart: now,
      periodEnd: end,
      paymentMethod: input.payment_method,
    });
    return { contract, invoice };
  });
  if (invoice.paymentMethod === "card") await chargeInvoice(ctx, invoice);
  return presentContract(contract, partner?.code ?? null);
}

/**
 * An upgrade (a dearer plan, same cycle) applies now and the difference for the days left is added to the
 * next invoice; a downgrade, the free plan or a cycle change is scheduled for the period's end. A new change
 * replaces a scheduled one and withdraws a cancellation.
 */
export async function changePlanContract(
  ctx: AppContext,
  auth: RequestAuth,
  input: { workspace_id: string; plan: Plan; cycle?: BillingCycle | undefined },
) {
  const workspaceId = input.workspace_id;
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const now = ctx.now();
  const prorated = await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const current = await findCurrentContract(tx, workspaceId);
    if (current?.status !== "active" || current.plan === "free" || !current.currentPeriodEnd) {
      throw conflict(
        "no_paid_contract",
        "有料プランのご契約がありません。プランを選んでお申し込みください。",
        "change needs an active paid contract; use new",
      );
    }
    const cycle = input.cycle ?? current.cycle;
    if (input.plan === current.plan && cycle === current.cycle) {
      // Same plan again: withdraws a scheduled change or a cancellation.
      await deleteScheduledContracts(tx, workspaceId);
      if (current.cancelAtPeriodEnd) await updateContract(tx, workspaceId, current.id, { cancelAtPeriodEnd: false });
      return 0;
    }
    await assertPlanFits(tx, workspaceId, input.plan);
    await deleteScheduledContracts(tx, workspaceId);
    if (changeAppliesNow(current, { plan: input.plan, cycle })) {
      const amount = prorate({
        fromUnit: seatPrice(current.plan, cycle),
        toUnit: seatPrice(input.plan, cycle),
        seats: current.seats,
        discountPercent: current.discountPercent,
        periodStart: current.currentPeriodStart,
        periodEnd: current.currentPeriodEnd,
        now,
      });
      if (amount > 0) {
        const lastDay = periodLastDay(current.currentPeriodEnd);
        await insertPendingLine(tx, workspaceId, {
          description: `プラン変更（${PLAN_CATALOGUE[current.plan].label}→${PLAN_CATALOGUE[input.plan].label}）日割り ${tokyoDateLabel(now)}〜${tokyoDateLabel(lastDay)}`,
          quantity: current.seats,
          unit_price: Math.floor(amount / current.seats),
          amount,
          tax_rate: STANDARD_TAX_RATE,
        });
      }
      await updateContract(tx, workspaceId, current.id, { plan: input.plan, cancelAtPeriodEnd: false });
      return amount;
    }
    await insertContract(tx, {
      workspaceId,
      plan: input.plan,
      cycle,
      seats: current.seats,
      status: "scheduled",
      paymentMethod: input.plan === "free" ? null : current.paymentMethod,
      currentPeriodStart: current.currentPeriodEnd,
      currentPeriodEnd: input.plan === "free" ? null : periodEnd(current.currentPeriodEnd, cycle),
      partnerId: current.partnerId,
      discountPercent: current.discountPercent,
    });
    if (current.cancelAtPeriodEnd) await updateContract(tx, workspaceId, current.id, { cancelAtPeriodEnd: false });
    return 0;
  });
  return { ...(await listPlanContracts(ctx, auth, workspaceId)), prorated_amount: prorated };
}

const cardRequired = () =>
  badRequest(
    "card_required",
    "クレジットカードでお支払いいただくには、先にカードを登録してください。",
    "payment_method card needs a default card",
  );

/**
 * How the current paid contract is paid, from its next invoice on (a scheduled change follows it): card needs a
 * default card. Invoices already issued keep their method, as an issued invoice never changes.
 */
export async function setPlanContractPaymentMethod(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  paymentMethod: PaymentMethodKind,
): Promise<PlanContract> {
  const workspaceId = await findContractWorkspace(ctx.db, id);
  if (!workspaceId) throw notFound("plan contract");
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const row = await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const current = await findCurrentContract(tx, workspaceId);
    if (current?.id !== id || current.status !== "active" || current.plan === "free") {
      throw conflict(
        "no_paid_contract",
        "お支払い方法を変更できるのは、ご契約中の有料プランだけです。",
        "only the current paid contract has a payment method",
      );
    }
    if (paymentMethod === "card" && !(await listCards(tx, workspaceId)).some((c) => c.isDefault)) {
      throw cardRequired();
    }
    const scheduled = await findScheduledContract(tx, workspaceId);
    if (scheduled?.paymentMethod) await updateContract(tx, workspaceId, scheduled.id, { paymentMethod });
    return updateContract(tx, workspaceId, id, { paymentMethod });
  });
  const partner = row.partnerId ? await findPartnerById(ctx.db, row.partnerId) : null;
  return presentContract(row, partner?.code ?? null);
}

/**
 * The trial ends at `at` (its end, for the daily job; now, when cancelled): it is kept as `expired` and a free
 * contract starts then. Nothing of the workspace is removed. Call under the workspace's plan lock.
 */
export async function endTrialAt(tx: DbOrTx, trial: PlanContractRow, at: Date): Promise<PlanContractRow> {
  const ended = await updateContract(tx, trial.workspaceId, trial.id, { status: "expired", endedAt: at });
  await insertContract(tx, {
    workspaceId: trial.workspaceId,
    plan: "free",
    cycle: "monthly",
    seats: trial.seats,
    status: "active",
    currentPeriodStart: at,
    currentPeriodEnd: null,
  });
  return ended;
}

/** Ends the paid contract at its period's end; the workspace then continues on free (nothing is deleted). */
export async function cancelPlanContract(ctx: AppContext, auth: RequestAuth, id: string): Promise<PlanContract> {
  const workspaceId = await findContractWorkspace(ctx.db, id);
  if (!workspaceId) throw notFound("plan contract");
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const row = await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const current = await findCurrentContract(tx, workspaceId);
    // Cancelling the trial ends it now: waiting for its end would change nothing (「フリープランで続ける」).
    if (current?.id === id && current.status === "trial") {
      await assertPlanFits(tx, workspaceId, "free");
      return endTrialAt(tx, current, ctx.now());
    }
    if (current?.id !== id || current.status !== "active" || current.plan === "free") {
      throw conflict(
        "not_cancellable",
        "解約できるのは、ご契約中の有料プランだけです。",
        "only the current paid contract can be cancelled",
      );
    }
    await deleteScheduledContracts(tx, workspaceId);
    return updateContract(tx, workspaceId, id, { cancelAtPeriodEnd: true });
  });
  const partner = row.partnerId ? await findPartnerById(ctx.db, row.partnerId) : null;
  return presentContract(row, partner?.code ?? null);
}
