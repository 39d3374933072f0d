import { cutText } from "@tasuki/contract/common/cut-text";
import { DAY_MS, endOfTokyoDay } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { ensureBillingAccount, findBillingAccount, lockWorkspacePlan } from "../../plan-gate/plan-gate.repository.ts";
import { setWorkspaceStatus } from "../workspace/workspace.service.ts";
import { mailChargeFailed } from "./billing-mail.ts";
import { listCards } from "./billing-profile.repository.ts";
import { findInvoice, findOpenInvoices, type InvoiceRow, updateInvoicePayment } from "./invoice.repository.ts";
import { nextAttemptAfter } from "./invoice.service.ts";
import { updateBillingAccount } from "./plan-contract.repository.ts";

/** Past due by this many days: disabled (read-only), then locked (only billing opens). */
export const DISABLE_AFTER_DAYS = 14;
export const LOCK_AFTER_DAYS = 60;

export type ChargeOutcome = "paid" | "failed" | "skipped";

/**
 * Charges one open card invoice off-session with the workspace's default card, outside any transaction (the
 * provider may be slow), then records the answer. The idempotency key names the invoice and the attempt, so a
 * request retried after a timeout cannot charge twice.
 */
export async function chargeInvoice(ctx: AppContext, invoice: InvoiceRow): Promise<ChargeOutcome> {
  if (invoice.status !== "open" || invoice.paymentMethod !== "card") return "skipped";
  const account = await findBillingAccount(ctx.db, invoice.workspaceId);
  const card = (await listCards(ctx.db, invoice.workspaceId)).find((c) => c.isDefault);
  if (!account?.providerCustomerId || !card) {
    await recordChargeFailure(ctx, invoice, null, "カードが登録されていません。");
    return "failed";
  }
  const result = await ctx.payments.charge({
    customerId: account.providerCustomerId,
    paymentMethodId: card.providerPaymentMethodId,
    amount: invoice.total,
    invoiceId: invoice.id,
    description: `Tasuki ${invoice.number}`,
    idempotencyKey: `invoice-${invoice.id}-attempt-${invoice.failedAttempts + 1}`,
  });
  if (result.status === "succeeded") {
    await markInvoicePaid(ctx, invoice.workspaceId, invoice.id, result.paymentId);
    return "paid";
  }
  await recordChargeFailure(ctx, invoice, result.paymentId, result.message);
  return "failed";
}

async function recordChargeFailure(ctx: AppContext, invoice: InvoiceRow, paymentId: string | null, message: string) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const current = await findInvoice(tx, invoice.workspaceId, invoice.id);
    if (current?.status !== "open") return;
    const failedAttempts = current.failedAttempts + 1;
    const next = nextAttemptAfter(failedAttempts, now);
    const row = await updateInvoicePayment(tx, invoice.workspaceId, invoice.id, {
      failedAttempts,
      nextAttemptAt: next,
      lastFailureMessage: cutText(message, 500),
      ...(paymentId ? { providerPaymentId: paymentId } : {}),
    });
    await mailChargeFailed(ctx, tx, row!, next !== null);
  });
}

/**
 * Marks an invoice paid (a charge, a webhook, or the operator's record of a bank transfer); idempotent. When
 * nothing past due remains, a workspace disabled for non-payment comes back at once.
 */
export async function markInvoicePaid(
  ctx: Pick<AppContext, "db" | "now">,
  workspaceId: string,
  invoiceId: string,
  paymentId: string | null,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const current = await findInvoice(tx, workspaceId, invoiceId);
    if (current?.status !== "open") return false;
    await updateInvoicePayment(tx, workspaceId, invoiceId, {
      status: "paid",
      paidAt: ctx.now(),
      nextAttemptAt: null,
      ...(paymentId ? { providerPaymentId: paymentId } : {}),
    });
    await reopenIfSettled(ctx, tx, workspaceId);
    return true;
  });
}

/** How far past due the workspace's oldest open invoice is, in days (0 when nothing is past due). */
export async function daysPastDue(tx: DbOrTx, workspaceId: string, now: Date): Promise<number> {
  const open = await findOpenInvoices(tx, workspaceId);
  const oldest = open[0];
  if (!oldest) return 0;
  const late = now.getTime() - endOfTokyoDay(oldest.dueDate).getTime();
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

/** After a payment: a workspace disabled for non-payment opens again once nothing is DISABLE_AFTER_DAYS late. */
export async function reopenIfSettled(ctx: Pick<AppContext, "now">, tx: DbOrTx, workspaceId: string): Promise<boolean> {
  const account = await ensureBillingAccount(tx, workspaceId);
  if (account.disabledReason !== "non_payment") return false;
  if ((await daysPastDue(tx, workspaceId, ctx.now())) > DISABLE_AFTER_DAYS) return false;
  await updateBillingAccount(tx, workspaceId, { disabledReason: null, disabledAt: null, lockedAt: null });
  await setWorkspaceStatus(tx, workspaceId, "active");
  return true;
}
