import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { billingAccounts, partners, planContracts } from "../../db/schema/billing.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";
import type { PlanContractRow } from "../../plan-gate/plan-gate.repository.ts";

// The contract in force, the plan's lock, the first contract and the billing account's creation are the plan
// gate's (plan-gate/plan-gate.repository.ts), below the features; what only billing changes or lists is here.

export async function findContract(db: DbOrTx, workspaceId: string, id: string): Promise<PlanContractRow | null> {
  const [row] = await db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.workspaceId, workspaceId), eq(planContracts.id, id)))
    .limit(1);
  return row ?? null;
}

/** A contract by id alone, to learn its workspace; the caller then checks membership of that workspace. */
export async function findContractWorkspace(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: planContracts.workspaceId })
    .from(planContracts)
    .where(eq(planContracts.id, id))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function listContracts(db: DbOrTx, workspaceId: string) {
  return db
    .select({ contract: planContracts, partnerCode: partners.code })
    .from(planContracts)
    .leftJoin(partners, eq(partners.id, planContracts.partnerId))
    .where(eq(planContracts.workspaceId, workspaceId))
    .orderBy(
      sql`case ${planContracts.status} when 'trial' then 0 when 'active' then 0 when 'scheduled' then 1 else 2 end`,
      desc(planContracts.currentPeriodStart),
      desc(planContracts.createdAt),
    );
}

export async function updateContract(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<typeof planContracts.$inferInsert>,
): Promise<PlanContractRow> {
  const [row] = await db
    .update(planContracts)
    .set(values)
    .where(and(eq(planContracts.workspaceId, workspaceId), eq(planContracts.id, id)))
    .returning();
  return row!;
}

export async function findScheduledContract(db: DbOrTx, workspaceId: string): Promise<PlanContractRow | null> {
  const [row] = await db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.workspaceId, workspaceId), eq(planContracts.status, "scheduled")))
    .limit(1);
  return row ?? null;
}

/** A withdrawn scheduled change never took effect: it goes (the audit log keeps that it existed). */
export async function deleteScheduledContracts(db: DbOrTx, workspaceId: string): Promise<void> {
  await db
    .delete(planContracts)
    .where(and(eq(planContracts.workspaceId, workspaceId), eq(planContracts.status, "scheduled")));
}

// The jobs below look across workspaces by nature: they find the contracts whose period has ended.

/** Trials and paid periods that ended by `now`, oldest first. */
export async function findEndedPeriods(db: DbOrTx, now: Date, limit: number): Promise<PlanContractRow[]> {
  return db
    .select()
    .from(planContracts)
    .where(and(inArray(planContracts.status, ["trial", "active"]), lte(planContracts.currentPeriodEnd, now)))
    .orderBy(asc(planContracts.currentPeriodEnd))
    .limit(limit);
}

/** Paid contracts in force (for the seats check of the daily job). */
export async function findPaidCurrentContracts(db: DbOrTx): Promise<PlanContractRow[]> {
  return db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.status, "active"), inArray(planContracts.plan, ["standard", "premium"])));
}

export async function updateBillingAccount(
  db: DbOrTx,
  workspaceId: string,
  values: Partial<typeof billingAccounts.$inferInsert>,
): Promise<void> {
  await db.update(billingAccounts).set(values).where(eq(billingAccounts.workspaceId, workspaceId));
}

/** The workspace's standing: its own status with the billing account's reason and lock. */
/** The owners' display names (family name first), for the banner of a disabled workspace. */
export async function listOwnerNames(db: DbOrTx, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ lastName: workspaceUsers.lastName, firstName: workspaceUsers.firstName })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.role, "owner"),
        eq(workspaceUsers.status, "active"),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .orderBy(workspaceUsers.createdAt);
  return rows.map((row) => `${row.lastName}\u3000${row.firstName}`);
}

export async function findWorkspaceStanding(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({
      status: workspaces.status,
      disabledReason: billingAccounts.disabledReason,
      lockedAt: billingAccounts.lockedAt,
    })
    .from(workspaces)
    .leftJoin(billingAccounts, eq(billingAccounts.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? null;
}
