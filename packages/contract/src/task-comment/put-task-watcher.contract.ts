import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskWatchersSchema } from "./task-comment.schema.ts";

export const putTaskWatcherContract = defineContract({
  operationId: "putTaskWatcher",
  method: "PUT",
  path: "/app/task/{id}/watcher",
  summary: "Watch the task (the caller; anyone who may see it; idempotent)",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  response: taskWatchersSchema,
});
