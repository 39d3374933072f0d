import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { commentBodyInputSchema, taskCommentSchema } from "./task-comment.schema.ts";

export const newTaskCommentContract = defineContract({
  operationId: "newTaskComment",
  method: "POST",
  path: "/app/task/{id}/comment/new",
  summary:
    "Comment on a task (anyone who may see it; sanitised HTML with mentions); notifies the assignee, manager, watchers and those mentioned who may see the task, never the author",
  tags: ["task-comment"],
  auth: "bearer",
  params: idParamsSchema,
  body: commentBodyInputSchema,
  status: 201,
  response: taskCommentSchema,
});
