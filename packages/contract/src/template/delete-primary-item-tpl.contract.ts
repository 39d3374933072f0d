import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deletePrimaryItemTplContract = defineContract({
  operationId: "deletePrimaryItemTpl",
  method: "DELETE",
  path: "/app/primary-item-tpl/{id}",
  summary: "Delete a primary item template (manage_templates); what was made from it stays",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
