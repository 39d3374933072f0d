import { defineContract } from "../common/define-contract.ts";
import { pageOf } from "../common/list.schema.ts";
import { taskTplSchema, templateListQuerySchema } from "./template.schema.ts";

export const listTaskTplsContract = defineContract({
  operationId: "listTaskTpls",
  method: "GET",
  path: "/app/task-tpl/list",
  summary:
    "The workspace's task templates in their manual order, searched by `q` (title, description); for those who may edit or use templates",
  tags: ["task-tpl"],
  auth: "bearer",
  query: templateListQuerySchema,
  response: pageOf(taskTplSchema),
});
