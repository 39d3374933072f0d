import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskTplSchema } from "./template.schema.ts";

export const getTaskTplContract = defineContract({
  operationId: "getTaskTpl",
  method: "GET",
  path: "/app/task-tpl/{id}",
  summary: "One task template with its tree",
  tags: ["task-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: taskTplSchema,
});
