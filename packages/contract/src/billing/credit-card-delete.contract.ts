import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deleteCreditCardContract = defineContract({
  operationId: "deleteCreditCard",
  method: "DELETE",
  path: "/app/credit-card/{id}",
  summary:
    "Removes the card from the provider and the workspace (manage_billing); the last card of a contract paid by card stays",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
