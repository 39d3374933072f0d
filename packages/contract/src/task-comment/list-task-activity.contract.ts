import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskActivitySchema } from "./task-comment.schema.ts";

export const listTaskActivityContract = defineContract({
  operationId: "listTaskActivity",
  method: "GET",
  path: "/app/task/{id}/activity/list-all",
  summary:
    "The task's timeline, oldest first: comments, status changes and edits of its fields (names and Japanese labels, Tokyo dates)",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  response: z.object({ items: z.array(taskActivitySchema) }),
});
