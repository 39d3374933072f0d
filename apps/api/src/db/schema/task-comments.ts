import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId, updatedAt } from "./columns.ts";
import { tasks } from "./tasks.ts";
import { workspaces, workspaceUsers } from "./workspaces.ts";

/** Who and what a comment mentions, as the server read it from the stored HTML (ids only; names are read live). */
export interface CommentMentions {
  staff: string[];
  groups: string[];
}

/**
 * コメント on a task: sanitised HTML (the comment editor's allow-list, `sanitize-comment.ts`) and the mentions
 * read from it. A deleted comment keeps its row (`deleted_at`) so that the timeline can say it was deleted and
 * an attachment pointing at it stays explained; its body is emptied.
 */
export const taskComments = pgTable(
  "task_comments",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentions: jsonb("mentions").$type<CommentMentions>().notNull().default({ staff: [], groups: [] }),
    /** Set by an edit of the body (not by a delete): the list shows 「編集済み」. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index().on(t.taskId, t.createdAt), index().on(t.workspaceId, t.createdAt)],
);

/** ウォッチ: staff members who follow a task and hear of its comments. */
export const taskWatchers = pgTable(
  "task_watchers",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.taskId, t.staffId), index().on(t.staffId)],
);
