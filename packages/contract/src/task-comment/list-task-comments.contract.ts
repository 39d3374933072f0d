import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskCommentSchema } from "./task-comment.schema.ts";

export const listTaskCommentsContract = defineContract({
  operationId: "listTaskComments",
  method: "GET",
  path: "/app/task/{id}/comment/list-all",
  summary: "The task's comments, oldest first (the latest 1,000), for whoever may see the task",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  response: z.object({ items: z.array(taskCommentSchema) }),
});
