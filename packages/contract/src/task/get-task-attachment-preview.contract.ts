import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const getTaskAttachmentPreviewContract = defineContract({
  operationId: "getTaskAttachmentPreview",
  method: "GET",
  path: "/app/task-attachment/{id}/preview",
  summary:
    "A thumbnail of an image attachment (WebP, at most 480 px wide or high, without metadata); 404 for files that have none",
  tags: ["task-attachment"],
  auth: "bearer",
  params: idParamsSchema,
  produces: ["image/webp"],
  response: z.file().describe("The thumbnail"),
});
