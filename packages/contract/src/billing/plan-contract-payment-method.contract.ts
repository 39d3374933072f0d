import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { paymentMethodKindSchema, planContractSchema } from "./plan.schema.ts";

/**
 * Added beside the specification's calls (decision 0017): the specification chooses the method only when a plan
 * is applied for, which left a company that registered a card on 請求書払い for good.
 */
export const setPlanContractPaymentMethodContract = defineContract({
  operationId: "setPlanContractPaymentMethod",
  method: "PUT",
  path: "/app/plan-contract/{id}/payment-method",
  summary:
    "Switches how the paid contract is paid from its next invoice on (manage_billing): card needs a default card; invoices already issued keep theirs",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.object({ payment_method: paymentMethodKindSchema }),
  response: planContractSchema,
});
