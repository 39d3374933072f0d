import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { commentBodyInputSchema, taskCommentSchema } from "./task-comment.schema.ts";

export const taskCommentParamsSchema = z.object({ id: idSchema, comment_id: idSchema });

export const updateTaskCommentContract = defineContract({
  operationId: "updateTaskComment",
  method: "PATCH",
  path: "/app/task/{id}/comment/{comment_id}",
  summary: "Edit one's own comment; people newly mentioned are notified",
  tags: ["task-comment"],
  auth: "bearer",
  params: taskCommentParamsSchema,
  body: commentBodyInputSchema,
  response: taskCommentSchema,
});
