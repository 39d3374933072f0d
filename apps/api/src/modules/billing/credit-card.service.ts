import type { CreditCard } from "@tasuki/contract/billing/credit-card.schema";
import type { PlanUsage } from "@tasuki/contract/billing/plan.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import { ensureBillingAccount, findCurrentContract, lockWorkspacePlan } from "../../plan-gate/plan-gate.repository.ts";
import { findWorkspaceName, setWorkspaceStatus } from "../workspace/workspace.service.ts";
import {
  type CreditCardRow,
  deleteCard,
  findCardById,
  findCompanyOfWorkspace,
  insertCards,
  listCards,
  markDefaultCard,
} from "./billing-profile.repository.ts";
import { findOpenInvoices } from "./invoice.repository.ts";
import { chargeInvoice, DISABLE_AFTER_DAYS, daysPastDue } from "./payment.service.ts";
import { planUsage } from "./plan.service.ts";
import { updateBillingAccount } from "./plan-contract.repository.ts";

const billingOnly = { permission: "manage_billing", billing: true } as const;

const presentCard = (row: CreditCardRow): CreditCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

/** The provider's customer of the workspace, made on first need (adding a card). */
async function customerOf(ctx: AppContext, workspaceId: string): Promise<string> {
  const account = await ensureBillingAccount(ctx.db, workspaceId);
  if (account.providerCustomerId) return account.providerCustomerId;
  const company = await findCompanyOfWorkspace(ctx.db, workspaceId);
  const name = company?.name ?? (await findWorkspaceName(ctx.db, workspaceId)) ?? workspaceId;
  const customerId = await ctx.payments.createCustomer({
    workspaceId,
    name,
    email: company?.billingContact?.email ?? null,
  });
  await updateBillingAccount(ctx.db, workspaceId, { providerCustomerId: customerId });
  return customerId;
}

export async function listCreditCards(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  return { items: (await listCards(ctx.db, workspaceId)).map(presentCard) };
}

export async function paymentClientSecret(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const customerId = await customerOf(ctx, workspaceId);
  const intent = await ctx.payments.createSetupIntent(customerId);
  return {
    provider: ctx.payments.name,
    client_secret: intent.clientSecret,
    publishable_key: ctx.payments.publishableKey,
    test_cards: ctx.payments.testCards.map(({ id, label, brand, last4 }) => ({ id, label, brand, last4 })),
  };
}

/**
 * Pulls the provider's cards into Tasuki (after Stripe.js confirmed a SetupIntent, or with the local
 * provider's chosen test card): new ones are added, removed ones dropped; the first card becomes the default.
 */
export async function syncPayment(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  input: { local_test_card?: string | undefined },
) {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const customerId = await customerOf(ctx, workspaceId);
  if (input.local_test_card !== undefined) {
    const known = ctx.payments.testCards.some((card) => card.id === input.local_test_card);
    if (!ctx.payments.confirmTestCard || !known) {
      throw badRequest(
        "invalid_test_card",
        "選択したテスト用カードは使用できません。",
        "local_test_card is for the local provider's listed test cards only",
      );
    }
    await ctx.payments.confirmTestCard(customerId, input.local_test_card);
  }
  const remote = await ctx.payments.listCards(customerId);
  const stored = await listCards(ctx.db, workspaceId);
  const remoteIds = new Set(remote.map((card) => card.id));
  const storedIds = new Set(stored.map((card) => card.providerPaymentMethodId));
  await ctx.db.transaction(async (tx) => {
    for (const card of stored)
      if (!remoteIds.has(card.providerPaymentMethodId)) await deleteCard(tx, workspaceId, card.id);
    await insertCards(
      tx,
      remote
        .filter((card) => !storedIds.has(card.id))
        .map((card) => ({
          workspaceId,
          providerPaymentMethodId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        })),
    );
  });
  let cards = await listCards(ctx.db, workspaceId);
  if (cards.length > 0 && !cards.some((card) => card.isDefault)) {
    await ctx.payments.setDefaultCard(customerId, cards[0]!.providerPaymentMethodId);
    await markDefaultCard(ctx.db, workspaceId, cards[0]!.id);
    cards = await listCards(ctx.db, workspaceId);
  }
  return { items: cards.map(presentCard) };
}

async function openCard(ctx: AppContext, auth: RequestAuth, id: string) {
  const card = await findCardById(ctx.db, id);
  if (!card) throw notFound("credit card");
  await requireMember(ctx.db, auth, card.workspaceId, billingOnly);
  return card;
}

export async function setDefaultCreditCard(ctx: AppContext, auth: RequestAuth, id: string): Promise<CreditCard> {
  const card = await openCard(ctx, auth, id);
  await ctx.payments.setDefaultCard(await customerOf(ctx, card.workspaceId), card.providerPaymentMethodId);
  await markDefaultCard(ctx.db, card.workspaceId, card.id);
  return presentCard({ ...card, isDefault: true });
}

/** The last card of a contract paid by card stays: an invoice would have nothing to charge. */
export async function deleteCreditCard(ctx: AppContext, auth: RequestAuth, id: string) {
  const card = await openCard(ctx, auth, id);
  const workspaceId = card.workspaceId;
  const cards = await listCards(ctx.db, workspaceId);
  const contract = await findCurrentContract(ctx.db, workspaceId);
  if (cards.length === 1 && contract?.status === "active" && contract.paymentMethod === "card") {
    throw conflict(
      "last_card",
      "クレジットカード払いのご契約中は、最後のカードを削除できません。別のカードを登録してから削除してください。",
      "the only card of a contract paid by card",
    );
  }
  await ctx.payments.detachCard(card.providerPaymentMethodId);
  await deleteCard(ctx.db, workspaceId, card.id);
  const next = cards.find((c) => c.id !== card.id);
  if (card.isDefault && next) {
    await ctx.payments.setDefaultCard(await customerOf(ctx, workspaceId), next.providerPaymentMethodId);
    await markDefaultCard(ctx.db, workspaceId, next.id);
  }
  return { ok: true as const };
}

/** The owner's own request: read-only until restored; nothing is deleted and billing goes on. */
export async function disableWorkspace(ctx: AppContext, auth: RequestAuth, workspaceId: string): Promise<PlanUsage> {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const account = await ensureBillingAccount(tx, workspaceId);
    if (account.disabledReason) return;
    await updateBillingAccount(tx, workspaceId, { disabledReason: "owner", disabledAt: ctx.now() });
    await setWorkspaceStatus(tx, workspaceId, "disabled");
  });
  return planUsage(ctx.db, workspaceId);
}

/**
 * Brings the workspace back. Past-due card invoices are charged first with the default card; a workspace still
 * too far past due (bank transfers not yet received, a card declined) stays as it is and is told why.
 */
export async function restoreWorkspace(ctx: AppContext, auth: RequestAuth, workspaceId: string): Promise<PlanUsage> {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  for (const invoice of await findOpenInvoices(ctx.db, workspaceId)) {
    if (invoice.paymentMethod === "card") await chargeInvoice(ctx, invoice);
  }
  await ctx.db.transaction(async (tx) => {
    await lockWorkspacePlan(tx, workspaceId);
    const account = await ensureBillingAccount(tx, workspaceId);
    if (!account.disabledReason) return;
    if (
      account.disabledReason === "non_payment" &&
      (await daysPastDue(tx, workspaceId, ctx.now())) > DISABLE_AFTER_DAYS
    ) {
      throw conflict(
        "payment_required",
        "お支払期限を過ぎた未払いの請求があるため、復元できません。お支払い方法をご確認ください。",
        "open invoices are still more than 14 days past due",
      );
    }
    await updateBillingAccount(tx, workspaceId, { disabledReason: null, disabledAt: null, lockedAt: null });
    await setWorkspaceStatus(tx, workspaceId, "active");
  });
  return planUsage(ctx.db, workspaceId);
}
