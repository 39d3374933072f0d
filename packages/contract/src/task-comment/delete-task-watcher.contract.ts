import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskWatchersSchema } from "./task-comment.schema.ts";

export const deleteTaskWatcherContract = defineContract({
  operationId: "deleteTaskWatcher",
  method: "DELETE",
  path: "/app/task/{id}/watcher",
  summary: "Stop watching the task (the caller; idempotent)",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  response: taskWatchersSchema,
});
