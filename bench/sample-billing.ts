/**
 * The sample company as a paying customer: its 会社情報 with a 請求先, and a few months of 請求書払い invoices
 * issued the way the billing job issues them (gap-free numbers, tax once per rate), all paid but the current one.
 */

import { endOfTokyoDay } from "@tasuki/contract/rules/tokyo-date";
import { defaultBillingConfig } from "../apps/api/src/config/config.ts";
import type { DbOrTx } from "../apps/api/src/db/client.ts";
import { companies, type planContracts } from "../apps/api/src/db/schema/billing.ts";
import { corporateNumberCheckDigit } from "../apps/api/src/lib/check-digit.ts";
import { addMonthsTokyo, transferDueDate } from "../apps/api/src/modules/billing/billing-calendar.ts";
import { insertInvoice, nextInvoiceSequence } from "../apps/api/src/modules/billing/invoice.repository.ts";
import { invoiceRecipient } from "../apps/api/src/modules/billing/invoice.service.ts";
import { invoiceTotals } from "../apps/api/src/modules/billing/invoice-math.ts";
import { periodLines } from "../apps/api/src/modules/billing/plan-contract.service.ts";

/** Periods invoiced before the current one. */
const PAST_PERIODS = 5;

export async function fillSampleBilling(
  tx: DbOrTx,
  input: { workspaceId: string; companyName: string; contract: typeof planContracts.$inferSelect; now: Date },
): Promise<void> {
  const base = "010401234567";
  const corporateNumber = `${corporateNumberCheckDigit(base)}${base}`;
  await tx.insert(companies).values({
    workspaceId: input.workspaceId,
    name: input.companyName,
    nameKana: "ヒカリサンギョウカブシキガイシャ",
    corporateNumber,
    invoiceRegistrationNumber: `T${corporateNumber}`,
    // 製造業: the id (= code) of `business-category/list-all`, which also picks the AI template catalogue.
    businessCategoryCode: "manufacturing",
    employeeSize: "300-999",
    postalCode: "530-0001",
    prefecture: "osaka",
    city: "大阪市北区梅田",
    street: "2-4-9",
    building: "ひかりビル 12階",
    phone: "06-6345-1200",
    billingContact: {
      name: input.companyName,
      department: "経理部",
      contact_name: "松本 由美",
      email: "keiri@hikari-sangyo.example",
      postal_code: "530-0001",
      prefecture: "osaka",
      city: "大阪市北区梅田",
      street: "2-4-9",
      building: "ひかりビル 12階",
    },
  });
  const issuerKey = defaultBillingConfig.issuer.registrationNumber;
  const recipient = await invoiceRecipient(tx, input.workspaceId);
  const current = input.contract.currentPeriodStart;
  for (let back = PAST_PERIODS; back >= 0; back -= 1) {
    const start = addMonthsTokyo(current, -back);
    const end = addMonthsTokyo(current, -back + 1);
    const lines = periodLines(input.contract, start, end);
    const sequence = await nextInvoiceSequence(tx, issuerKey);
    const dueDate = transferDueDate(start);
    // Paid by transfer a few days before the due day; the current period's invoice is still open.
    const paid =
      back > 0 ? new Date(Math.min(endOfTokyoDay(dueDate).getTime() - 5 * 86_400_000, input.now.getTime())) : null;
    await insertInvoice(tx, {
      workspaceId: input.workspaceId,
      contractId: input.contract.id,
      issuerKey,
      sequence,
      number: `TSK-${String(sequence).padStart(6, "0")}`,
      issuedAt: start,
      periodStart: start,
      periodEnd: end,
      dueDate,
      status: paid ? "paid" : "open",
      paidAt: paid,
      paymentMethod: "bank_transfer",
      issuer: {
        name: defaultBillingConfig.issuer.name,
        registration_number: issuerKey,
        address: defaultBillingConfig.issuer.address,
      },
      recipient,
      lines,
      ...invoiceTotals(lines),
    });
  }
}
