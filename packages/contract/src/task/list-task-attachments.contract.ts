import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskAttachmentSchema } from "./task-attachment.schema.ts";

export const listTaskAttachmentsContract = defineContract({
  operationId: "listTaskAttachments",
  method: "GET",
  path: "/app/task-attachment/list",
  summary:
    "The files attached to a task and its comments, oldest first, for those who may see the task (a trashed task's files are hidden until it is restored: 409)",
  tags: ["task-attachment"],
  auth: "bearer",
  query: z.object({ task_id: idSchema }),
  response: z.object({ items: z.array(taskAttachmentSchema) }),
});
