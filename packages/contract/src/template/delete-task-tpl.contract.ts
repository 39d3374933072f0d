import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deleteTaskTplContract = defineContract({
  operationId: "deleteTaskTpl",
  method: "DELETE",
  path: "/app/task-tpl/{id}",
  summary: "Delete a task template (manage_templates); what was made from it stays",
  tags: ["task-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
