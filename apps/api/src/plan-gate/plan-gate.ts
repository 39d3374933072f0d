import {
  PLAN_CATALOGUE,
  type Plan,
  PREMIUM_FEATURE_LABELS,
  type PremiumFeature,
  planHasFeature,
  TRIAL_DAYS,
} from "@tasuki/contract/billing/plan.schema";
import { DAY_MS } from "@tasuki/contract/rules/tokyo-date";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import {
  countLiveProjects,
  countStaffSeats,
  ensureBillingAccount,
  findCurrentContract,
  hasAccountHadTrial,
  insertContract,
  lockAccountTrial,
  lockWorkspacePlan,
} from "./plan-gate.repository.ts";

/**
 * What the workspace's plan allows, in one place below the feature modules (ARCHITECTURE.md "The floors"): the
 * trial a new workspace starts on, the plan in force, the free plan's limits and the premium check. Features
 * (staff, projects, analytics, AI, integrations, the workspace's creation) ask here; billing, which changes
 * contracts, stands above and uses the same lock and counts.
 */

/**
 * A new workspace's first contract, inside the transaction that creates it: the 30-day premium trial, once per
 * account (decision 0017); a later workspace of the same creator starts on free. The workspace row must already
 * name its creator (`created_by`), and no other workspace of that creator may be made meanwhile (the lock).
 */
export async function startFirstContract(tx: DbOrTx, workspaceId: string, creatorId: string, now: Date) {
  await lockAccountTrial(tx, creatorId);
  const hadTrial = await hasAccountHadTrial(tx, creatorId);
  await insertContract(tx, {
    workspaceId,
    plan: hadTrial ? "free" : "premium",
    cycle: "monthly",
    seats: 1,
    status: hadTrial ? "active" : "trial",
    currentPeriodStart: now,
    currentPeriodEnd: hadTrial ? null : new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
  });
  await ensureBillingAccount(tx, workspaceId);
}

/** The plan whose rules apply now: the trial is premium; a workspace without a contract is on free. */
export async function currentPlan(db: DbOrTx, workspaceId: string): Promise<Plan> {
  return (await findCurrentContract(db, workspaceId))?.plan ?? "free";
}

export type LimitedResource = "staff" | "project";

const limitMessages: Record<LimitedResource, (max: number) => string> = {
  staff: (max) =>
    `フリープランで登録できるスタッフは${max}人までです。スタッフを追加するには、プランをアップグレードしてください。`,
  project: (max) =>
    `フリープランで作成できるプロジェクトは${max}件までです。プロジェクトを追加するには、プランをアップグレードしてください。`,
};

/**
 * The free plan's limits, checked inside the transaction that adds staff or projects, before it writes: the
 * workspace's plan lock makes the count and the insert one step, so concurrent requests cannot both pass at
 * the last free place. Nothing is ever removed when a workspace is over a limit (after a downgrade); it only
 * cannot add more. `adding`: how many the write adds.
 */
export async function assertPlanAllows(
  tx: DbOrTx,
  workspaceId: string,
  resource: LimitedResource,
  adding = 1,
): Promise<void> {
  if (adding <= 0) return;
  await lockWorkspacePlan(tx, workspaceId);
  const plan = PLAN_CATALOGUE[await currentPlan(tx, workspaceId)];
  const max = resource === "staff" ? plan.maxStaff : plan.maxProjects;
  if (max === null) return;
  const used =
    resource === "staff" ? (await countStaffSeats(tx, workspaceId)).seated : await countLiveProjects(tx, workspaceId);
  if (used + adding > max) {
    throw new AppError(
      "plan_limit",
      403,
      limitMessages[resource](max),
      `the ${plan.plan} plan allows ${max} ${resource === "staff" ? "staff" : "projects"}; ${used} used, ${adding} more asked`,
    );
  }
}

/**
 * THE premium check of the API: analytics, AI and integrations call this before their work. It answers 403
 * `premium_required` unless the workspace's current plan (premium, or its trial) includes the feature.
 * The web app asks the same question with `planHasFeature` through `usePlan`.
 */
export async function requirePremiumFeature(db: DbOrTx, workspaceId: string, feature: PremiumFeature): Promise<void> {
  const plan = await currentPlan(db, workspaceId);
  if (!planHasFeature(plan, feature)) {
    throw new AppError(
      "premium_required",
      403,
      `${PREMIUM_FEATURE_LABELS[feature]}はプレミアムプランでご利用いただけます。プランをアップグレードしてください。`,
      `${feature} needs the premium plan; the workspace is on ${plan}`,
    );
  }
}
