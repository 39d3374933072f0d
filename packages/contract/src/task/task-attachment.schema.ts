import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

/** The largest attachment unless the server sets ATTACHMENT_MAX_BYTES (the upload answers 413 beyond it). */
export const defaultAttachmentMaxBytes = 20 * 1024 * 1024;

/** Images the browser shows inline (and that have a thumbnail); every other type is downloaded. */
export const previewableAttachmentTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export const taskAttachmentSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    task_id: idSchema,
    /** The comment it belongs to, or null for a file of the task itself. */
    comment_id: idSchema.nullable(),
    /** The uploader's file name (folders, control and direction characters removed). */
    file_name: z.string(),
    /** Read from the content, not from the name: e.g. image/png, application/pdf, application/octet-stream. */
    content_type: z.string(),
    size: z.number().int(),
    /** Where the bytes are served (bearer token): inline for images, as a download otherwise. */
    url: z.string(),
    /** A small image (at most 480 px wide or high) for images; null for other files. */
    preview_url: z.string().nullable(),
    uploaded_by: staffRefSchema.nullable(),
    created_at: timestampSchema,
    /** Whether the caller may delete it: its uploader, the task's manager, or view_all_tasks. */
    can_delete: z.boolean(),
  })
  .meta({ id: "TaskAttachment" });
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;
