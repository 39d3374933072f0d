import { okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskCommentParamsSchema } from "./update-task-comment.contract.ts";

export const deleteTaskCommentContract = defineContract({
  operationId: "deleteTaskComment",
  method: "DELETE",
  path: "/app/task/{id}/comment/{comment_id}",
  summary: "Delete a comment: one's own, or anyone's by an owner or admin; the timeline keeps that it was deleted",
  tags: ["task-comment"],
  auth: "bearer",
  params: taskCommentParamsSchema,
  response: okSchema,
});
