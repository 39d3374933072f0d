import { z } from "zod";
import { idParamsSchema, idSchema, timestampSchema } from "../common/common.schema.ts";
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

/** The upload is multipart/form-data read as a stream by the handler; `body` documents its parts. */
export const newImageContract = defineContract({
  operationId: "newImage",
  method: "POST",
  path: "/app/image/new",
  summary:
    "Upload a PNG, JPEG or WebP image (multipart: workspace_id, file; 5 MB at most). The content is checked, not the name, and metadata is stripped",
  tags: ["image"],
  auth: "bearer",
  consumes: "multipart/form-data",
  body: z
    .object({
      workspace_id: idSchema.describe("The workspace the image belongs to. Send it before `file`."),
      file: z
        .file()
        .mime(["image/png", "image/jpeg", "image/webp"])
        .describe("The image, 5 MB at most. Its type is read from its content; name and content-type are ignored."),
    })
    .describe(
      "multipart/form-data with two parts in this order: `workspace_id`, then `file`. Metadata (EXIF, GPS…) is stripped by re-encoding.",
    ),
  status: 201,
  response: imageSchema,
});

/** The bytes of an image (a file, not JSON): the route sends them itself. */
export const getImageContract = defineContract({
  operationId: "getImage",
  method: "GET",
  path: "/app/image/{id}",
  summary:
    "The bytes of an uploaded image, for active members of its workspace (fetch it with the bearer token; the web app shows it through a blob URL)",
  tags: ["image"],
  auth: "bearer",
  params: idParamsSchema,
  produces: ["image/png", "image/jpeg", "image/webp"],
  response: z.file().describe("The image"),
});
