import type { Invoice, InvoiceStatus } from "@tasuki/contract/billing/invoice.schema";
import { PREFECTURES } from "@tasuki/contract/common/address";
import { DAY_MS, endOfTokyoDay, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { defaultBillingConfig } from "../../config/config.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { InvoiceLine, InvoiceParty } from "../../db/schema/billing.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { notFound } from "../../lib/app-error.ts";
import { findWorkspaceName } from "../workspace/workspace.service.ts";
import { transferDueDate } from "./billing-calendar.ts";
import { mailInvoiceIssued } from "./billing-mail.ts";
import { findCompanyOfWorkspace } from "./billing-profile.repository.ts";
import {
  findInvoiceById,
  findPendingLineRows,
  type InvoiceRow,
  insertInvoice,
  listInvoicePage,
  markPendingLinesBilled,
  nextInvoiceSequence,
} from "./invoice.repository.ts";
import { invoiceTotals } from "./invoice-math.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

export const billingConfigOf = (ctx: AppContext) => ctx.config.billing ?? defaultBillingConfig;

const prefectureName = (key: string | null | undefined) => PREFECTURES.find((p) => p.key === key)?.name ?? "";

/** 〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F, or nothing when no part was entered. */
function postalAddress(a: {
  postal_code: string;
  prefecture: string | null;
  city: string;
  street: string;
  building: string;
}): string | undefined {
  const text = [
    a.postal_code ? `〒${a.postal_code}` : "",
    `${prefectureName(a.prefecture)}${a.city}${a.street}`,
    a.building,
  ]
    .filter(Boolean)
    .join(" ");
  return text || undefined;
}

/**
 * 請求先 of the workspace as printed: the billing contact (宛名, 部署, ご担当者, 住所), else the company with its
 * 所在地, else the workspace's name.
 */
export async function invoiceRecipient(db: DbOrTx, workspaceId: string): Promise<InvoiceParty> {
  const company = await findCompanyOfWorkspace(db, workspaceId);
  const contact = company?.billingContact;
  if (contact) {
    return {
      name: contact.name,
      department: contact.department || undefined,
      contact_name: contact.contact_name || undefined,
      email: contact.email,
      address: postalAddress(contact),
    };
  }
  if (company) {
    return {
      name: company.name,
      address: postalAddress({
        postal_code: company.postalCode,
        prefecture: company.prefecture,
        city: company.city,
        street: company.street,
        building: company.building,
      }),
    };
  }
  return { name: (await findWorkspaceName(db, workspaceId)) ?? "お客様" };
}

/**
 * Issues a 適格請求書 in the caller's transaction: the next number of the issuer (no gaps), the recipient and
 * issuer as they are today (kept on the invoice, which never changes afterwards), the pending prorations, and
 * the tax once per rate. Card invoices are due at once and charged after the commit; bank transfers are due at
 * the end of the next month. The billing contact is mailed.
 */
export async function issueInvoice(
  ctx: AppContext,
  tx: DbOrTx,
  input: {
    workspaceId: string;
    contractId: string | null;
    lines: InvoiceLine[];
    periodStart: Date | null;
    periodEnd: Date | null;
    paymentMethod: "card" | "bank_transfer";
    replacesInvoiceId?: string | null;
  },
): Promise<InvoiceRow> {
  const billing = billingConfigOf(ctx);
  const now = ctx.now();
  const issuerKey = billing.issuer.registrationNumber;
  const sequence = await nextInvoiceSequence(tx, issuerKey);
  const pending = await findPendingLineRows(tx, input.workspaceId);
  const lines = [...input.lines, ...pending.map((row) => row.line)];
  const totals = invoiceTotals(lines);
  const invoice = await insertInvoice(tx, {
    workspaceId: input.workspaceId,
    contractId: input.contractId,
    issuerKey,
    sequence,
    number: `TSK-${String(sequence).padStart(6, "0")}`,
    issuedAt: now,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    dueDate: input.paymentMethod === "bank_transfer" ? transferDueDate(now) : tokyoDate(now),
    status: totals.total <= 0 ? "paid" : "open",
    paidAt: totals.total <= 0 ? now : null,
    paymentMethod: input.paymentMethod,
    issuer: {
      name: billing.issuer.name,
      registration_number: billing.issuer.registrationNumber,
      address: billing.issuer.address,
    },
    recipient: await invoiceRecipient(tx, input.workspaceId),
    lines,
    ...totals,
    replacesInvoiceId: input.replacesInvoiceId ?? null,
    nextAttemptAt: input.paymentMethod === "card" && totals.total > 0 ? now : null,
  });
  await markPendingLinesBilled(
    tx,
    pending.map((row) => row.id),
    invoice.id,
  );
  await mailInvoiceIssued(ctx, tx, invoice);
  return invoice;
}

/** Open and past its due date (the end of that Tokyo day) is shown as 支払期限超過. */
export function invoiceStatus(row: InvoiceRow, now: Date): InvoiceStatus {
  if (row.status === "open" && now.getTime() > endOfTokyoDay(row.dueDate).getTime()) return "past_due";
  return row.status;
}

export function presentInvoice(ctx: AppContext, row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    issued_at: row.issuedAt.toISOString(),
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    due_date: row.dueDate,
    status: invoiceStatus(row, ctx.now()),
    payment_method: row.paymentMethod,
    issuer: {
      name: row.issuer.name,
      registration_number: row.issuer.registration_number ?? "",
      ...(row.issuer.address ? { address: row.issuer.address } : {}),
    },
    recipient: {
      name: row.recipient.name,
      department: row.recipient.department ?? null,
      contact_name: row.recipient.contact_name ?? null,
      address: row.recipient.address ?? null,
    },
    lines: row.lines,
    subtotals: row.subtotals,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    bank_account: row.paymentMethod === "bank_transfer" ? billingConfigOf(ctx).bankAccount : null,
    replaces_invoice_id: row.replacesInvoiceId,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export async function listInvoices(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; page: number; per_page: number },
) {
  await requireMember(ctx.db, auth, query.workspace_id, { permission: "manage_billing", billing: true });
  const { items, total } = await listInvoicePage(ctx.db, query.workspace_id, query.page, query.per_page);
  return { items: items.map((row) => presentInvoice(ctx, row)), total };
}

/** Another workspace's invoice answers 404 like a missing one: membership is checked before anything is shown. */
export async function getInvoice(ctx: AppContext, auth: RequestAuth, id: string): Promise<Invoice> {
  const row = await findInvoiceById(ctx.db, id);
  if (!row) throw notFound("invoice");
  await requireMember(ctx.db, auth, row.workspaceId, { permission: "manage_billing", billing: true });
  return presentInvoice(ctx, row);
}

export async function getInvoicePdf(ctx: AppContext, auth: RequestAuth, id: string) {
  const invoice = await getInvoice(ctx, auth, id);
  return { invoice, pdf: await renderInvoicePdf(invoice) };
}

export const RETRY_DELAYS_DAYS = [2, 2, 3];

/** When the next try of a failed charge is: three retries over a week, then none (the workspace is dunned). */
export function nextAttemptAfter(failedAttempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_DAYS[failedAttempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * DAY_MS);
}
