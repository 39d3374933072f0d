import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { billingCycleSchema, planContractSchema, planSchema, planUsageSchema } from "./plan.schema.ts";

export const changePlanContractContract = defineContract({
  operationId: "changePlanContract",
  method: "POST",
  path: "/app/plan-contract/change",
  summary:
    "Changes the plan (manage_billing): an upgrade is prorated by day on the next invoice at once; a downgrade or a cycle change takes effect at the period's end",
  tags: ["billing"],
  auth: "bearer",
  body: z.object({ workspace_id: idSchema, plan: planSchema, cycle: billingCycleSchema.optional() }),
  response: z.object({
    items: z.array(planContractSchema),
    usage: planUsageSchema,
    /** Yen (tax excluded) added to the next invoice by an upgrade; 0 for a scheduled change. */
    prorated_amount: z.number().int(),
  }),
});
