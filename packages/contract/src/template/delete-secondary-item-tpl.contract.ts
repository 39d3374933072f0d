import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deleteSecondaryItemTplContract = defineContract({
  operationId: "deleteSecondaryItemTpl",
  method: "DELETE",
  path: "/app/secondary-item-tpl/{id}",
  summary: "Delete a secondary item template (manage_templates); what was made from it stays",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
