import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskTplPatchSchema, taskTplSchema } from "./template.schema.ts";

export const updateTaskTplContract = defineContract({
  operationId: "updateTaskTpl",
  method: "PATCH",
  path: "/app/task-tpl/{id}",
  summary:
    "Edit a task template (manage_templates): only the fields sent change; a list of children sent replaces the old one whole",
  tags: ["task-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  body: taskTplPatchSchema,
  response: taskTplSchema,
});
