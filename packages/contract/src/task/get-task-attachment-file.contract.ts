import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const getTaskAttachmentFileContract = defineContract({
  operationId: "getTaskAttachmentFile",
  method: "GET",
  path: "/app/task-attachment/{id}/file",
  summary:
    "The bytes of an attachment, for those who may see its live task: images inline, every other type as a download (Content-Disposition attachment with the file name, RFC 5987)",
  tags: ["task-attachment"],
  auth: "bearer",
  params: idParamsSchema,
  produces: ["application/octet-stream", "image/png", "image/jpeg", "image/webp", "image/gif"],
  response: z.file().describe("The file as uploaded"),
});
