import { PLAN_CATALOGUE, type PlanContract, type PlanUsage } from "@tasuki/contract/billing/plan.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { countLiveProjects, countStaffSeats, type PlanContractRow } from "../../plan-gate/plan-gate.repository.ts";
import { currentPlan } from "../../plan-gate/plan-gate.ts";
import { findCompanyOfWorkspace } from "./billing-profile.repository.ts";
import { findWorkspaceStanding, listContracts, listOwnerNames } from "./plan-contract.repository.ts";

export function presentContract(row: PlanContractRow, partnerCode: string | null): PlanContract {
  return {
    id: row.id,
    plan: row.plan,
    cycle: row.cycle,
    seats: row.seats,
    status: row.status,
    payment_method: row.paymentMethod,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    partner_code: partnerCode,
    discount_percent: row.discountPercent,
  };
}

export async function planUsage(db: DbOrTx, workspaceId: string): Promise<PlanUsage> {
  const [plan, seats, projects, standing, owners, company] = await Promise.all([
    currentPlan(db, workspaceId),
    countStaffSeats(db, workspaceId),
    countLiveProjects(db, workspaceId),
    findWorkspaceStanding(db, workspaceId),
    listOwnerNames(db, workspaceId),
    findCompanyOfWorkspace(db, workspaceId),
  ]);
  const status = standing?.status ?? "active";
  const definition = PLAN_CATALOGUE[plan];
  return {
    plan,
    active_staff: seats.active,
    staff: seats.seated,
    projects,
    max_staff: definition.maxStaff,
    max_projects: definition.maxProjects,
    features: [...definition.features],
    workspace_status: status,
    disabled_reason: status === "active" ? null : (standing?.disabledReason ?? null),
    owner_names: owners,
    company_id: company?.id ?? null,
  };
}

/**
 * Every member reads the plan (the web app gates premium features and shows the trial banner with it); what
 * changes it needs the billing permission.
 */
export async function listPlanContracts(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  // Open in a locked workspace too: the billing pages need it.
  await requireMember(ctx.db, auth, workspaceId, { billing: true });
  const [rows, usage] = await Promise.all([listContracts(ctx.db, workspaceId), planUsage(ctx.db, workspaceId)]);
  return { items: rows.map((row) => presentContract(row.contract, row.partnerCode)), usage };
}
