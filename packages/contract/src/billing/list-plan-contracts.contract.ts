import { z } from "zod";
import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { planContractSchema, planUsageSchema } from "./plan.schema.ts";

export const listPlanContractsContract = defineContract({
  operationId: "listPlanContracts",
  method: "GET",
  path: "/app/plan-contract/list-all",
  summary: "The workspace's plan contracts (the current one first, then scheduled and past ones) and its usage",
  tags: ["billing"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({ items: z.array(planContractSchema), usage: planUsageSchema }),
});
