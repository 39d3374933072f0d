import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type InvoiceLine, invoiceSequences, invoices, pendingInvoiceLines } from "../../db/schema/billing.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The issuer's next number, in the issuing transaction: the row lock orders concurrent issuers, and a rolled
 * back invoice rolls its number back too, so the numbers have no gaps.
 */
export async function nextInvoiceSequence(tx: DbOrTx, issuerKey: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ issuerKey, lastSequence: 1 })
    .onConflictDoUpdate({
      target: invoiceSequences.issuerKey,
      set: { lastSequence: sql`${invoiceSequences.lastSequence} + 1` },
    })
    .returning({ value: invoiceSequences.lastSequence });
  return row!.value;
}

export async function insertInvoice(tx: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

/** By id alone, to learn its workspace: the caller checks membership of that workspace before showing it. */
export async function findInvoiceById(db: DbOrTx, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export async function findInvoice(db: DbOrTx, workspaceId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listInvoicePage(db: DbOrTx, workspaceId: string, page: number, perPage: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(eq(invoices.workspaceId, workspaceId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(invoices).where(eq(invoices.workspaceId, workspaceId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Payment state only: an issued invoice's contents never change. */
export async function updateInvoicePayment(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Pick<
    Partial<typeof invoices.$inferInsert>,
    | "status"
    | "paidAt"
    | "providerPaymentId"
    | "failedAttempts"
    | "nextAttemptAt"
    | "lastFailureMessage"
    | "cancelledAt"
  >,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.id, id)))
    .returning();
  return row ?? null;
}

/** Open invoices of a workspace, oldest due first (dunning, restore). */
export async function findOpenInvoices(db: DbOrTx, workspaceId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.status, "open")))
    .orderBy(asc(invoices.dueDate));
}

// Across workspaces, for the daily job.

/** Card invoices whose (re)try is due. */
export async function findChargeableInvoices(db: DbOrTx, now: Date, limit: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, "open"), eq(invoices.paymentMethod, "card"), lte(invoices.nextAttemptAt, now)))
    .orderBy(asc(invoices.nextAttemptAt))
    .limit(limit);
}

/** Workspaces with an open invoice due on or before `date` (YYYY-MM-DD), with that oldest due date. */
export async function findWorkspacesPastDue(db: DbOrTx, date: string) {
  return db
    .select({ workspaceId: invoices.workspaceId, oldestDue: sql<string>`min(${invoices.dueDate})` })
    .from(invoices)
    .where(and(eq(invoices.status, "open"), lte(invoices.dueDate, date)))
    .groupBy(invoices.workspaceId);
}

export async function findInvoiceByPaymentId(db: DbOrTx, paymentId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.providerPaymentId, paymentId)).limit(1);
  return row ?? null;
}

export async function insertPendingLine(db: DbOrTx, workspaceId: string, line: InvoiceLine): Promise<void> {
  await db.insert(pendingInvoiceLines).values({ workspaceId, line });
}

/** The pending lines (prorations) not yet billed, oldest first, with their ids (to mark them billed). */
export async function findPendingLineRows(tx: DbOrTx, workspaceId: string) {
  return tx
    .select({ id: pendingInvoiceLines.id, line: pendingInvoiceLines.line })
    .from(pendingInvoiceLines)
    .where(and(eq(pendingInvoiceLines.workspaceId, workspaceId), isNull(pendingInvoiceLines.invoiceId)))
    .orderBy(asc(pendingInvoiceLines.createdAt), asc(pendingInvoiceLines.id));
}

export async function markPendingLinesBilled(tx: DbOrTx, ids: string[], invoiceId: string): Promise<void> {
  if (ids.length > 0)
    await tx.update(pendingInvoiceLines).set({ invoiceId }).where(inArray(pendingInvoiceLines.id, ids));
}

export async function findPendingLines(db: DbOrTx, workspaceId: string): Promise<InvoiceLine[]> {
  const rows = await db
    .select({ line: pendingInvoiceLines.line })
    .from(pendingInvoiceLines)
    .where(and(eq(pendingInvoiceLines.workspaceId, workspaceId), isNull(pendingInvoiceLines.invoiceId)));
  return rows.map((row) => row.line);
}

export async function countInvoicesOf(db: DbOrTx, workspaceIds: string[]): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(invoices).where(inArray(invoices.workspaceId, workspaceIds));
  return row?.n ?? 0;
}

/** For the operator's command: an invoice by its printed number (numbers are unique per issuer). */
export async function findInvoicesByNumber(db: DbOrTx, number: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.number, number));
}
