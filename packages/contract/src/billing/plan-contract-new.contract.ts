import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { billingCycleSchema, paymentMethodKindSchema, planContractSchema } from "./plan.schema.ts";

export const newPlanContractBodySchema = z.object({
  workspace_id: idSchema,
  plan: z.enum(["standard", "premium"], { error: "プランを選択してください" }),
  cycle: billingCycleSchema.default("monthly"),
  payment_method: paymentMethodKindSchema,
  /** A partner's code (verified; gives its discount and is recorded on the contract). */
  partner_code: z.string().trim().max(40).optional(),
});

export const newPlanContractContract = defineContract({
  operationId: "newPlanContract",
  method: "POST",
  path: "/app/plan-contract/new",
  summary:
    "Starts a paid plan (manage_billing): ends the trial or free plan now and invoices the first period at once (a card is charged)",
  tags: ["billing"],
  auth: "bearer",
  body: newPlanContractBodySchema,
  status: 201,
  response: planContractSchema,
});
