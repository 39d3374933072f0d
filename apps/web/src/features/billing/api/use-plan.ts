import { type PremiumFeature, planHasFeature } from "@tasuki/contract/billing/plan.schema";
import { usePlanContracts } from "./list-plan-contracts.ts";

/**
 * The workspace's plan for gating in the UI: the same `planHasFeature` the API's `requirePremiumFeature` uses.
 * While the plan loads, features count as available (the API refuses anyway), so pages do not flicker.
 */
export function usePlan(workspaceId: string | undefined) {
  const contracts = usePlanContracts(workspaceId);
  const usage = contracts.data?.usage;
  return {
    usage,
    current: contracts.data?.items.find((c) => c.status === "trial" || c.status === "active") ?? null,
    hasFeature: (feature: PremiumFeature) => (usage ? planHasFeature(usage.plan, feature) : true),
    isPending: contracts.isPending,
  };
}
