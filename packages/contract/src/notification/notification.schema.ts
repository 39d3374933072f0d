import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";
import { taskStatusSchema } from "../task/task.schema.ts";

export const notificationKindSchema = z.enum([
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
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** One entry of the bell: what happened to which task or meeting, by whom; the title as it was then. */
export const notificationSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    kind: notificationKindSchema,
    task: z.object({ id: idSchema, title: z.string() }).nullable(),
    /** Meeting notices: the meeting's name and start as they were when the notice was written. */
    meeting: z.object({ id: idSchema, name: z.string(), starts_at: timestampSchema.nullable() }).nullable(),
    actor: staffRefSchema.nullable(),
    from_status: taskStatusSchema.nullable(),
    to_status: taskStatusSchema.nullable(),
    /** Reminders: the deadline's Tokyo date (YYYY-MM-DD) and how many days before it (0 = on the day). */
    deadline_date: z.string().nullable(),
    days_before: z.number().int().nullable(),
    /** integration_broken: the service whose connection stopped (slack | chatwork). */
    service: z.enum(["slack", "chatwork"]).nullable(),
    /** task_commented / task_mentioned: the comment's opening words as they were written. */
    comment_excerpt: z.string().nullable(),
    read_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

/** E-mail: none, one mail per notification, or one digest a day at 09:00 Asia/Tokyo. */
export const emailNotificationModeSchema = z.enum(["none", "immediately", "daily_digest"], {
  error: "メール通知の設定は「受け取らない」「すぐに受け取る」「毎朝まとめて受け取る」から選んでください",
});
export type EmailNotificationMode = z.infer<typeof emailNotificationModeSchema>;

export const notificationPreferenceSchema = z
  .object({
    email: emailNotificationModeSchema,
    /** 週次レポート: the Monday 09:00 mail of the analytics of the tasks the person manages (on by default). */
    weekly_report: z.boolean({ error: "週次レポートの設定は true か false で指定してください" }),
  })
  .meta({ id: "NotificationPreference" });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
