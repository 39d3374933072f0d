import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskTplSchema, taskTplTreeShape } from "./template.schema.ts";

export const newTaskTplBodySchema = z.strictObject({ workspace_id: idSchema, ...taskTplTreeShape });

export const newTaskTplContract = defineContract({
  operationId: "newTaskTpl",
  method: "POST",
  path: "/app/task-tpl/new",
  summary: "Create a task template at the end of the workspace's list (manage_templates)",
  tags: ["task-tpl"],
  auth: "bearer",
  body: newTaskTplBodySchema,
  status: 201,
  response: taskTplSchema,
});
