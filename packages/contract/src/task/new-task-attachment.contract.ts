import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskAttachmentSchema } from "./task-attachment.schema.ts";

/** The upload is multipart/form-data read as a stream by the handler; `body` documents its parts. */
export const newTaskAttachmentContract = defineContract({
  operationId: "newTaskAttachment",
  method: "POST",
  path: "/app/task-attachment/new",
  summary:
    "Attach a file to a task (multipart: task_id, file; 20 MB at most unless the server sets otherwise). Anyone who may see the live task may attach; the type is read from the content; executables are refused",
  tags: ["task-attachment"],
  auth: "bearer",
  consumes: "multipart/form-data",
  body: z
    .object({
      task_id: idSchema.describe("The task. Send it before `file`."),
      file: z
        .file()
        .describe(
          "The file. Its type is read from its content; the name is kept (without folders) for display and download.",
        ),
    })
    .describe("multipart/form-data with two parts in this order: `task_id`, then `file`."),
  status: 201,
  response: taskAttachmentSchema,
});
