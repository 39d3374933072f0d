import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { creditCardSchema } from "./credit-card.schema.ts";

export const setDefaultCreditCardContract = defineContract({
  operationId: "setDefaultCreditCard",
  method: "PUT",
  path: "/app/credit-card/{id}/default",
  summary: "Makes the card the one charged for invoices (manage_billing)",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: creditCardSchema,
});
