import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId } from "./columns.ts";
import { taskComments } from "./task-comments.ts";
import { tasks } from "./tasks.ts";
import { workspaces, workspaceUsers } from "./workspaces.ts";

/**
 * A file attached to a task, or to one of its comments (`comment_id`). The bytes live in the shared store under `attachments/<storage_key>`, a thumbnail beside them when
 * the file is an image (`has_preview`). A deleted attachment (`deleted_at`) and the attachments of a trashed task
 * are hidden; the trash purge removes their rows and files (compose-jobs.ts).
 */
export const taskAttachments = pgTable(
  "task_attachments",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => taskComments.id, { onDelete: "cascade" }),
    /** The uploader's name for it, sanitised (no folders, control or direction characters); Japanese kept. */
    fileName: text("file_name").notNull(),
    /** Read from the first bytes, never from the name or the client's content-type. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    hasPreview: boolean("has_preview").notNull().default(false),
    storageKey: text("storage_key").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index().on(t.taskId, t.createdAt),
    index("task_attachments_deleted_index").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);
