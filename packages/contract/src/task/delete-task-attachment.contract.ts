import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deleteTaskAttachmentContract = defineContract({
  operationId: "deleteTaskAttachment",
  method: "DELETE",
  path: "/app/task-attachment/{id}",
  summary:
    "Remove an attachment: its uploader, the task's manager, or view_all_tasks. The file is deleted for good by the trash purge 30 days later",
  tags: ["task-attachment"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
