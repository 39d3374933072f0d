import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskDetailSchema } from "./task.schema.ts";

export const duplicateTaskContract = defineContract({
  operationId: "duplicateTask",
  method: "POST",
  path: "/app/task/{id}/duplicate",
  summary:
    "Copy a task (create_tasks and sight of the task) as a new, not started task placed last, without its history",
  tags: ["task"],
  auth: "bearer",
  params: idParamsSchema,
  status: 201,
  response: taskDetailSchema,
});
