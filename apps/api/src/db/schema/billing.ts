import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId, updatedAt } from "./columns.ts";
import { workspaces } from "./workspaces.ts";

/**
 * プラン契約. A workspace has exactly one current contract (`trial` or `active`: the free plan is a contract
 * too), at most one `scheduled` successor (a downgrade or a cycle change at the period's end), and its past
 * contracts (`expired`, `cancelled`), kept for the record.
 */
export const planContracts = pgTable(
  "plan_contracts",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: ["free", "standard", "premium"] }).notNull(),
    cycle: text("cycle", { enum: ["monthly", "yearly"] })
      .notNull()
      .default("monthly"),
    /** Seats billed for the current period: the active staff at its start, raised when more join. */
    seats: integer("seats").notNull().default(1),
    status: text("status", { enum: ["trial", "active", "scheduled", "cancelled", "expired"] }).notNull(),
    paymentMethod: text("payment_method", { enum: ["card", "bank_transfer"] }),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    /** Null for the free plan (no period, nothing to bill). */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "set null" }),
    discountPercent: integer("discount_percent").notNull().default(0),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("plan_contracts_current_key").on(t.workspaceId).where(sql`${t.status} in ('trial', 'active')`),
    uniqueIndex("plan_contracts_scheduled_key").on(t.workspaceId).where(sql`${t.status} = 'scheduled'`),
    index().on(t.status, t.currentPeriodEnd),
  ],
);

/** The workspace's standing with the payment provider, and why it is disabled or locked, if it is. */
export const billingAccounts = pgTable("billing_accounts", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** The provider's customer (Stripe `cus_…`, or the local provider's). */
  providerCustomerId: text("provider_customer_id"),
  /** `owner`: disabled on request (`disable`); `non_payment`: by dunning. Null while the workspace is active. */
  disabledReason: text("disabled_reason", { enum: ["owner", "non_payment"] }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** Past due + 60 days: only the billing pages open. */
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** パートナー: a reseller or referrer; its code, entered at contract time, gives its discount. */
export const partners = pgTable(
  "partners",
  {
    id: primaryId(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("partners_code_key").on(sql`upper(${t.code})`)],
);

export interface BillingContact {
  name: string;
  department: string;
  contact_name: string;
  email: string;
  postal_code: string;
  prefecture: string;
  city: string;
  street: string;
  building: string;
}

/** 会社: the legal entity behind a workspace, with its 請求先 (billing contact). */
export const companies = pgTable(
  "companies",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKana: text("name_kana").notNull().default(""),
    corporateNumber: text("corporate_number"),
    /** 適格請求書発行事業者登録番号 of the customer (T + 13 digits), for its own records; checked like the issuer's. */
    invoiceRegistrationNumber: text("invoice_registration_number"),
    businessCategoryCode: text("business_category_code"),
    employeeSize: text("employee_size"),
    postalCode: text("postal_code").notNull().default(""),
    prefecture: text("prefecture"),
    city: text("city").notNull().default(""),
    street: text("street").notNull().default(""),
    building: text("building").notNull().default(""),
    phone: text("phone").notNull().default(""),
    billingContact: jsonb("billing_contact").$type<BillingContact>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("companies_workspace_key").on(t.workspaceId)],
);

/** A card held by the provider: only what identifies it to a person, never its number. */
export const creditCards = pgTable(
  "credit_cards",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    providerPaymentMethodId: text("provider_payment_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("credit_cards_provider_key").on(t.workspaceId, t.providerPaymentMethodId)],
);

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
  /** Percent: 10 (standard) or 8 (reduced). */
  tax_rate: number;
}

export interface InvoiceSubtotal {
  tax_rate: number;
  amount: number;
  tax: number;
}

export interface InvoiceParty {
  name: string;
  registration_number?: string;
  address?: string;
  department?: string;
  contact_name?: string;
  email?: string;
}

/**
 * 適格請求書. Immutable once issued except for its payment state: a correction cancels it and issues a new
 * one (`replaces_invoice_id`), and both stay. Numbers come from `invoice_sequences` in the issuing transaction.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contractId: uuid("contract_id").references(() => planContracts.id, { onDelete: "set null" }),
    issuerKey: text("issuer_key").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** YYYY-MM-DD in Asia/Tokyo. */
    dueDate: text("due_date").notNull(),
    status: text("status", { enum: ["open", "paid", "cancelled"] }).notNull(),
    paymentMethod: text("payment_method", { enum: ["card", "bank_transfer"] }).notNull(),
    issuer: jsonb("issuer").$type<InvoiceParty>().notNull(),
    recipient: jsonb("recipient").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    subtotals: jsonb("subtotals").$type<InvoiceSubtotal[]>().notNull(),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    replacesInvoiceId: uuid("replaces_invoice_id"),
    providerPaymentId: text("provider_payment_id"),
    /** Failed charges so far; three retries over a week, then the invoice waits for a card or restore. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastFailureMessage: text("last_failure_message"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_issuer_sequence_key").on(t.issuerKey, t.sequence),
    index().on(t.workspaceId, t.issuedAt),
    index().on(t.status, t.nextAttemptAt),
  ],
);

/** The last number each issuer gave: incremented in the issuing transaction, so numbers have no gaps. */
export const invoiceSequences = pgTable("invoice_sequences", {
  issuerKey: text("issuer_key").primaryKey(),
  lastSequence: integer("last_sequence").notNull().default(0),
});

/** Charges added during a period (proration of an upgrade or of added seats), billed on the next invoice. */
export const pendingInvoiceLines = pgTable(
  "pending_invoice_lines",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    line: jsonb("line").$type<InvoiceLine>().notNull(),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId).where(sql`${t.invoiceId} is null`)],
);

/** Webhook events already handled, by the provider's event id: a replay changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  providerEventId: text("provider_event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
