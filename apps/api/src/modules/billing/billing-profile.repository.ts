import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, creditCards, partners, paymentEvents } from "../../db/schema/billing.ts";

export type CompanyRow = typeof companies.$inferSelect;
export type CreditCardRow = typeof creditCards.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

export async function findCompanyOfWorkspace(db: DbOrTx, workspaceId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.workspaceId, workspaceId)).limit(1);
  return row ?? null;
}

/** By id alone, to learn its workspace (membership is checked next). */
export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)))
    .returning();
  return row!;
}

export async function listCards(db: DbOrTx, workspaceId: string): Promise<CreditCardRow[]> {
  return db
    .select()
    .from(creditCards)
    .where(eq(creditCards.workspaceId, workspaceId))
    .orderBy(asc(creditCards.createdAt), asc(creditCards.id));
}

export async function findCardById(db: DbOrTx, id: string): Promise<CreditCardRow | null> {
  const [row] = await db.select().from(creditCards).where(eq(creditCards.id, id)).limit(1);
  return row ?? null;
}

export async function insertCards(db: DbOrTx, values: (typeof creditCards.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(creditCards).values(values).onConflictDoNothing();
}

export async function deleteCard(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
  await db.delete(creditCards).where(and(eq(creditCards.workspaceId, workspaceId), eq(creditCards.id, id)));
}

/** Exactly one default: the given card, every other card of the workspace not. */
export async function markDefaultCard(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
  await db
    .update(creditCards)
    .set({ isDefault: sql`${creditCards.id} = ${id}` })
    .where(eq(creditCards.workspaceId, workspaceId));
}

// Partners are the product's own catalogue, not a workspace's: looked up by code across all.
export async function findPartnerByCode(db: DbOrTx, code: string): Promise<PartnerRow | null> {
  const [row] = await db
    .select()
    .from(partners)
    .where(sql`upper(${partners.code}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findPartnerById(db: DbOrTx, id: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row ?? null;
}

export async function insertPartner(db: DbOrTx, values: typeof partners.$inferInsert): Promise<PartnerRow> {
  const [row] = await db.insert(partners).values(values).returning();
  return row!;
}

/** Records a webhook event; false when it was handled before (a replay). */
export async function recordPaymentEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ providerEventId: id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.providerEventId });
  return rows.length > 0;
}

export async function isPaymentEventKnown(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentEvents.providerEventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.providerEventId, id))
    .limit(1);
  return rows.length > 0;
}
