import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { planContractSchema } from "./plan.schema.ts";

export const cancelPlanContractContract = defineContract({
  operationId: "cancelPlanContract",
  method: "PUT",
  path: "/app/plan-contract/{id}/cancel",
  summary: "Cancels the paid contract at its period's end (manage_billing); the workspace then continues on free",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: planContractSchema,
});
