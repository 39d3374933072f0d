import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId, updatedAt } from "./columns.ts";
import { meetings } from "./meetings.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";
import { workspaces, workspaceUsers } from "./workspaces.ts";

export const notificationKinds = [
  "task_assigned",
  "task_done",
  "task_status_changed",
  "task_reminder",
  "task_commented",
  "task_mentioned",
  "meeting_invited",
  "meeting_updated",
  "meeting_cancelled",
  "meeting_removed",
  "meeting_reminder",
  "meeting_minutes_shared",
  "integration_broken",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What a notification remembers of the change, so that the bell reads well after the task changed again. */
export interface NotificationData {
  task_title?: string;
  from_status?: string;
  to_status?: string;
  /** Reminders: the Tokyo date of the deadline and how many days before it this one is. */
  deadline_date?: string;
  days_before?: number;
  /** Meetings: the name and start (ISO) as they were when the notice was written. */
  meeting_name?: string;
  starts_at?: string;
  /** integration_broken: which service (slack | chatwork) stopped delivering. */
  service?: string;
  /** Comments: the opening words of the comment as it was written. */
  comment_excerpt?: string;
}

/**
 * One notification for one staff member. `email_status` says what the mail side still owes: nothing
 * (`none`), a mail to send (`pending`: at once or in the next 09:00 digest, per the person's preference),
 * or done (`sent`). A reminder whose task turned off the in-app channel is kept for its mail only
 * (`in_app` false) and never shown in the bell.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "cascade" }),
    meetingId: uuid("meeting_id").references(() => meetings.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<NotificationData>().notNull().default({}),
    inApp: boolean("in_app").notNull().default(true),
    emailStatus: text("email_status", { enum: ["none", "pending", "sent"] })
      .notNull()
      .default("none"),
    /** Reminders: `reminder:<task>:<date>`, unique per recipient, so a rerun of the job sends nothing twice. */
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.recipientId, t.createdAt),
    index("notifications_unread_idx").on(t.recipientId).where(sql`${t.readAt} is null and ${t.inApp}`),
    // A purged meeting takes its notices with it (ON DELETE CASCADE): found by this index, not a scan.
    index("notifications_meeting_idx").on(t.meetingId).where(sql`${t.meetingId} is not null`),
    index("notifications_email_pending_idx").on(t.recipientId).where(sql`${t.emailStatus} = 'pending'`),
    uniqueIndex("notifications_dedupe_key").on(t.recipientId, t.dedupeKey),
  ],
);

export const emailNotificationModes = ["none", "immediately", "daily_digest"] as const;
export type EmailNotificationMode = (typeof emailNotificationModes)[number];

/** A person's e-mail preference, for all of their workspaces (mail goes to the person, not to one workspace). */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email", { enum: emailNotificationModes }).notNull().default("immediately"),
  /** 週次レポート: the Monday 09:00 analytics mail to managers; on unless the person turns it off. */
  weeklyReport: boolean("weekly_report").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Weekly report mails handed to the mail job: one row per staff member and week (the week's Monday, Tokyo), taken
 * in the run's transaction with the mail, so a retried or caught-up run never mails a person twice for a week.
 */
export const weeklyReportSends = pgTable(
  "weekly_report_sends",
  {
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    weekStart: text("week_start").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceUserId, t.weekStart] })],
);
