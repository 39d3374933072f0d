import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";
import { taskStatusSchema } from "../task/task.schema.ts";

/** Room for a long comment with its markup; a body over this is refused, never cut. */
export const COMMENT_BODY_MAX = 20_000;

/**
 * A comment's HTML as the comment editor writes it (Tiptap: paragraphs, bold, italic, lists, links, and
 * mentions as `<span data-type="mention" data-id="staff:<id>">` or `data-id="group:<id>"`). The server keeps
 * only its allow-list and rewrites each mention's label from the current name.
 */
export const commentBodySchema = z
  .string({ error: "コメントを入力してください" })
  .max(COMMENT_BODY_MAX, { error: `コメントは${COMMENT_BODY_MAX.toLocaleString("ja-JP")}文字以内で入力してください` });

export const commentBodyInputSchema = z.strictObject({ body: commentBodySchema });

export const mentionedGroupSchema = z.object({ id: idSchema, name: z.string() }).meta({ id: "MentionedGroup" });

/** A comment as everyone who may see its task sees it. */
export const taskCommentSchema = z
  .object({
    id: idSchema,
    task_id: idSchema,
    /** null when the author's staff record is gone. */
    author: staffRefSchema.nullable(),
    /** Sanitised HTML. */
    body: z.string(),
    mentions: z.object({ staff: z.array(staffRefSchema), groups: z.array(mentionedGroupSchema) }),
    /** What the caller may do with it: edit (the author), delete (the author, or an owner or admin). */
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    edited_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "TaskComment" });
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** ウォッチ: who follows the task, and whether the caller does. */
export const taskWatchersSchema = z
  .object({ items: z.array(staffRefSchema), watching: z.boolean() })
  .meta({ id: "TaskWatchers" });
export type TaskWatchers = z.infer<typeof taskWatchersSchema>;

/** One changed field of a task, with its Japanese label and both values as the screen shows them. */
export const activityFieldChangeSchema = z
  .object({
    field: z.string(),
    label: z.string(),
    /** Display text (names, Tokyo dates, Japanese labels); null when empty or not shown (the description). */
    from: z.string().nullable(),
    to: z.string().nullable(),
  })
  .meta({ id: "ActivityFieldChange" });
export type ActivityFieldChange = z.infer<typeof activityFieldChangeSchema>;

/**
 * One line of a task's アクティビティ: a comment (or that one was deleted), a status change, the task's
 * creation, trash or restoration, or an edit of its fields.
 */
export const taskActivitySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["comment", "comment_deleted", "status", "created", "updated", "deleted", "restored"]),
    actor: staffRefSchema.nullable(),
    at: timestampSchema,
    comment: taskCommentSchema.nullable(),
    from_status: taskStatusSchema.nullable(),
    to_status: taskStatusSchema.nullable(),
    changes: z.array(activityFieldChangeSchema),
  })
  .meta({ id: "TaskActivity" });
export type TaskActivity = z.infer<typeof taskActivitySchema>;
