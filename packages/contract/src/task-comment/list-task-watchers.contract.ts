import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskWatchersSchema } from "./task-comment.schema.ts";

export const listTaskWatchersContract = defineContract({
  operationId: "listTaskWatchers",
  method: "GET",
  path: "/app/task/{id}/watcher/list-all",
  summary: "Who watches the task (active staff who may see it), and whether the caller does",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  response: taskWatchersSchema,
});
