import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { billingAccounts, planContracts } from "../db/schema/billing.ts";
import { projects, workspaces, workspaceUsers } from "../db/schema/workspaces.ts";

export type PlanContractRow = typeof planContracts.$inferSelect;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/**
 * Serialises the changes of one workspace's plan and of what its limits count (staff, projects) until the
 * transaction ends: the count and the insert it allows cannot interleave with another request's.
 */
export async function lockWorkspacePlan(tx: DbOrTx, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tasuki:plan:${workspaceId}`}, 0))`);
}

/**
 * Serialises the workspaces one account creates, so that two created at once cannot both find no trial before
 * them (one trial per account).
 */
export async function lockAccountTrial(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tasuki:trial:${userId}`}, 0))`);
}

/**
 * Whether a workspace the account created has ever had a trial (running, or `expired`: a trial's end). Read across
 * workspaces on purpose: the question is about the account, not one workspace.
 */
export async function hasAccountHadTrial(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: planContracts.id })
    .from(planContracts)
    .innerJoin(workspaces, eq(workspaces.id, planContracts.workspaceId))
    .where(and(eq(workspaces.createdBy, userId), inArray(planContracts.status, ["trial", "expired"])))
    .limit(1);
  return row !== undefined;
}

/** The contract in force (`trial` or `active`). */
export async function findCurrentContract(db: DbOrTx, workspaceId: string): Promise<PlanContractRow | null> {
  const [row] = await db
    .select()
    .from(planContracts)
    .where(and(eq(planContracts.workspaceId, workspaceId), inArray(planContracts.status, ["trial", "active"])))
    .limit(1);
  return row ?? null;
}

export async function insertContract(db: DbOrTx, values: typeof planContracts.$inferInsert): Promise<PlanContractRow> {
  const [row] = await db.insert(planContracts).values(values).returning();
  return row!;
}

export async function findBillingAccount(db: DbOrTx, workspaceId: string): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId)).limit(1);
  return row ?? null;
}

export async function ensureBillingAccount(db: DbOrTx, workspaceId: string): Promise<BillingAccountRow> {
  await db.insert(billingAccounts).values({ workspaceId }).onConflictDoNothing();
  return (await findBillingAccount(db, workspaceId))!;
}

/**
 * How many live staff records a workspace has: `active` (the seats billed) and `seated` (active and invited:
 * what the free plan's limit counts, since an invitation takes a seat as soon as it is accepted).
 */
export async function countStaffSeats(db: DbOrTx, workspaceId: string): Promise<{ active: number; seated: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${workspaceUsers.status} = 'active')::int`,
      seated: sql<number>`count(*)::int`,
    })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        isNull(workspaceUsers.deletedAt),
        inArray(workspaceUsers.status, ["active", "invited"]),
      ),
    );
  return { active: row?.active ?? 0, seated: row?.seated ?? 0 };
}

/** Live projects of a workspace (archived ones included, trashed ones not): what the free plan's limit counts. */
export async function countLiveProjects(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt)));
  return row?.n ?? 0;
}
