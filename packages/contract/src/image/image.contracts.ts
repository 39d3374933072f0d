import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const imageSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    /** Served only to members of the workspace, with a bearer token. */
    url: z.string(),
    content_type: z.enum(["image/png", "image/jpeg", "image/webp"]),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int(),
    created_at: timestampSchema,
  })
  .meta({ id: "Image" });

/**
 * The upload itself is multipart/form-data (`workspace_id` field, then a `file` part), so it is
 * registered by hand; this contract documents its answer and lets the web client type it.
 */
export const newImageContract = defineContract({
  method: "POST",
  path: "/app/image/new",
  summary:
    "Upload a PNG, JPEG or WebP image (multipart: workspace_id, file; 5 MB at most). The content is checked, not the name, and metadata is stripped",
  tags: ["image"],
  auth: "bearer",
  status: 201,
  response: imageSchema,
});
