import type { ExternalServiceName } from "@tasuki/contract/external-service/external-service.schema";
import { usePlan } from "../../billing/api/use-plan.ts";
import { useExternalServices } from "./list-external-services.ts";

/**
 * The services a notice of this workspace can reach now: configured, connected and working, on a plan with
 * integrations. The task drawer enables its Slack / Chatwork boxes by it.
 */
export function useDeliverableServices(workspaceId: string | undefined): Set<ExternalServiceName> {
  const services = useExternalServices(workspaceId);
  const plan = usePlan(workspaceId);
  if (!services.data || !plan.hasFeature("integrations")) return new Set();
  return new Set(services.data.items.filter((item) => item.state === "active").map((item) => item.service));
}
