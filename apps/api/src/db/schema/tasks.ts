import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId, updatedAt } from "./columns.ts";
import { meetings } from "./meetings.ts";
import { groups, projects, workspaces, workspaceUsers } from "./workspaces.ts";

/** When and where a task reminds its assignee before the deadline (delivery comes with notifications). */
export interface TaskNotificationSettings {
  remind: "none" | "on_the_day" | "days_before";
  days: number | null;
  channels: { in_app: boolean; email: boolean; slack: boolean; chatwork: boolean };
}

/**
 * Both levels of the work breakdown have the same shape. The parent is general: a project or a meeting,
 * exactly one of them (modules/item holds the one rule for both levels).
 */
export const primaryItems = pgTable(
  "primary_items",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    meetingId: uuid("meeting_id").references(() => meetings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** An agenda item dealt with (済); an unfinished one is carried over to the next occurrence of a series. */
    done: boolean("done").notNull().default(false),
    /** The agenda item of an earlier occurrence this one was carried over from (前回から持ち越し). */
    carriedFromId: uuid("carried_from_id"),
    position: doublePrecision("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /** Rows trashed by one delete share it, so that a restore brings back exactly those. */
    deletedBatch: uuid("deleted_batch"),
  },
  (t) => [
    check("primary_items_one_parent", sql`(${t.projectId} is null) <> (${t.meetingId} is null)`),
    index().on(t.workspaceId, t.projectId, t.position),
    index().on(t.workspaceId, t.meetingId, t.position),
  ],
);

export const secondaryItems = pgTable(
  "secondary_items",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    meetingId: uuid("meeting_id").references(() => meetings.id, { onDelete: "cascade" }),
    primaryItemId: uuid("primary_item_id")
      .notNull()
      .references(() => primaryItems.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    done: boolean("done").notNull().default(false),
    carriedFromId: uuid("carried_from_id"),
    position: doublePrecision("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBatch: uuid("deleted_batch"),
  },
  (t) => [
    check("secondary_items_one_parent", sql`(${t.projectId} is null) <> (${t.meetingId} is null)`),
    index().on(t.workspaceId, t.primaryItemId, t.position),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Who wrote the description: the person (null), the AI provider or the deterministic template. */
    descriptionSource: text("description_source", { enum: ["ai", "template"] }),
    status: text("status", { enum: ["none", "in_progress", "done", "closed"] })
      .notNull()
      .default("none"),
    priority: text("priority", { enum: ["high", "middle", "low", "none"] })
      .notNull()
      .default("none"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    assigneeId: uuid("assignee_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    managerId: uuid("manager_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    meetingId: uuid("meeting_id").references(() => meetings.id, { onDelete: "set null" }),
    primaryItemId: uuid("primary_item_id").references(() => primaryItems.id, { onDelete: "set null" }),
    secondaryItemId: uuid("secondary_item_id").references(() => secondaryItems.id, { onDelete: "set null" }),
    isPublic: boolean("is_public").notNull().default(false),
    notification: jsonb("notification").$type<TaskNotificationSettings>(),
    /** The recurrence rule (its shape belongs to the recurrence library); null for a one-off task. */
    periodicRule: jsonb("periodic_rule").$type<Record<string, unknown>>(),
    periodicSeriesId: uuid("periodic_series_id"),
    /** For a generated occurrence: the Tokyo date it was made for (its key in the series); null otherwise. */
    occurrenceDate: text("occurrence_date"),
    /** A person edited, changed the status of, or deleted this task: the generator never changes it again. */
    periodicTouched: boolean("periodic_touched").notNull().default(false),
    /**
     * The last move to 完了 of a task that is 完了 or クローズ now (null otherwise): written with every status change
     * so that analytics never reads the status history to know when a task was completed (decision 0016).
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * Time in status, kept with every status change like `completed_at` (decision 0016): when the status last
     * changed (null: never, the status is the one it was created with), and the seconds spent in 未着手 and 進行中
     * over the spans closed so far. Each change adds the span since `status_changed_at` (or creation) to the status
     * it leaves, so analytics reads a completed task's time in status without its history.
     */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    notStartedSeconds: doublePrecision("not_started_seconds").notNull().default(0),
    inProgressSeconds: doublePrecision("in_progress_seconds").notNull().default(0),
    position: doublePrecision("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    deletedBatch: uuid("deleted_batch"),
  },
  (t) => [
    // One per tab of /task, each with the default sort behind it.
    index().on(t.workspaceId, t.assigneeId, t.expiresAt),
    index().on(t.workspaceId, t.managerId, t.expiresAt),
    index().on(t.workspaceId, t.groupId, t.expiresAt),
    index().on(t.workspaceId, t.projectId, t.expiresAt),
    index().on(t.workspaceId, t.isPublic, t.expiresAt),
    index().on(t.workspaceId, t.expiresAt),
    // The group tab of a staff member in one group: its live tasks in list order, so that a page stops after
    // 50 rows and the count reads the index alone (bench/README.md, task lists).
    index("tasks_live_group_order_index")
      .on(t.workspaceId, t.groupId, t.expiresAt, t.position, t.id)
      .where(sql`${t.deletedAt} is null`),
    // `/app/task/me/list` (the caller's open tasks): the page in list order without a sort, stopping after 50 rows,
    // and the count from the index alone instead of every task the caller was ever given (bench/README.md).
    index("tasks_live_open_assignee_order_index")
      .on(t.workspaceId, t.assigneeId, t.expiresAt, t.position, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} in ('none', 'in_progress')`),
    index().on(t.primaryItemId),
    index().on(t.secondaryItemId),
    index().on(t.meetingId),
    index().on(t.periodicSeriesId),
    // Analytics: a period's completed tasks (their median lead time) without scanning the scope.
    index("tasks_live_completed_index")
      .on(t.workspaceId, t.completedAt)
      .where(sql`${t.deletedAt} is null and ${t.completedAt} is not null`),
    // Analytics: every column the summary of a view_all_tasks caller reads, so that a scope's figures are an
    // index-only scan of narrow entries (about 90 bytes a task) instead of a read of the wide task rows (decision
    // 0016). All are key columns, as drizzle-kit writes no INCLUDE.
    index("tasks_live_analytics_index")
      .on(
        t.workspaceId,
        t.status,
        t.expiresAt,
        t.createdAt,
        t.completedAt,
        t.periodicSeriesId,
        t.notStartedSeconds,
        t.inProgressSeconds,
      )
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Who moved a task from which status to which, and when. */
export const taskStatusChanges = pgTable(
  "task_status_changes",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ["none", "in_progress", "done", "closed"] }).notNull(),
    toStatus: text("to_status", { enum: ["none", "in_progress", "done", "closed"] }).notNull(),
    changedBy: uuid("changed_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.taskId, t.changedAt)],
);
