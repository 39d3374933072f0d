import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

export const taskStatusSchema = z.enum(["none", "in_progress", "done", "closed"], {
  error: "ステータスは none / in_progress / done / closed のいずれかです",
});
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskPrioritySchema = z.enum(["high", "middle", "low", "none"], {
  error: "優先度は high / middle / low / none のいずれかです",
});
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

/** Row colours of the task list; null for done and closed tasks and for tasks without a deadline. */
export const deadlineCategorySchema = z.enum(["expiredDeadline", "nowDeadline", "nearDeadline", "weekDeadline"]);
export type DeadlineCategory = z.infer<typeof deadlineCategorySchema>;

export const taskNotificationSchema = z
  .strictObject({
    remind: z.enum(["none", "on_the_day", "days_before"], {
      error: "リマインドは none / on_the_day / days_before のいずれかです",
    }),
    days: z.int().min(1, { error: "日数は1以上で指定してください" }).max(365).nullable().default(null),
    channels: z.strictObject({
      in_app: z.boolean().default(true),
      email: z.boolean().default(false),
      slack: z.boolean().default(false),
      chatwork: z.boolean().default(false),
    }),
  })
  .refine((value) => value.remind !== "days_before" || value.days !== null, {
    error: "何日前に通知するかを指定してください",
    path: ["days"],
  })
  .meta({ id: "TaskNotification" });

/**
 * A deadline: an instant with offset, or a date, which means 23:59:59 of that day in Asia/Tokyo.
 * Bounded by the all-period range so that no sort or category meets an absurd year.
 */
export const deadlineInputSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: "期限はYYYY-MM-DDまたは日時（ISO 8601）で指定してください",
});

export const taskSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    title: z.string(),
    description: z.string(),
    description_source: z.enum(["ai", "template"]).nullable(),
    status: taskStatusSchema,
    priority: taskPrioritySchema,
    starts_at: timestampSchema.nullable(),
    expires_at: timestampSchema.nullable(),
    assignee: staffRefSchema.nullable(),
    manager: staffRefSchema.nullable(),
    group_id: idSchema.nullable(),
    project_id: idSchema.nullable(),
    meeting_id: idSchema.nullable(),
    primary_item_id: idSchema.nullable(),
    secondary_item_id: idSchema.nullable(),
    is_public: z.boolean(),
    notification: taskNotificationSchema.nullable(),
    has_notification: z.boolean(),
    deadline_category: deadlineCategorySchema.nullable(),
    periodic_rule: z.record(z.string(), z.unknown()).nullable(),
    periodic_series_id: idSchema.nullable(),
    /** The day (YYYY-MM-DD, Asia/Tokyo) of an occurrence generated from a periodic rule; null on every other task. */
    occurrence_date: z.iso.date().nullable(),
    position: z.number(),
    created_by: idSchema.nullable(),
    deleted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Task" });
export type Task = z.infer<typeof taskSchema>;

export const taskStatusChangeSchema = z
  .object({
    from: taskStatusSchema,
    to: taskStatusSchema,
    changed_by: staffRefSchema.nullable(),
    changed_at: timestampSchema,
  })
  .meta({ id: "TaskStatusChange" });

/** One task as its detail view shows it: with who changed its status when. */
export const taskDetailSchema = taskSchema.extend({ status_history: z.array(taskStatusChangeSchema) }).meta({
  id: "TaskDetail",
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: "タスク名を入力してください" })
  .max(200, { error: "タスク名は200文字以内で入力してください" });

/** What a task's author may set. No defaults here: PATCH reuses it under `.partial()`. */
const editableFields = {
  title: titleSchema,
  description: z.string().max(20000, { error: "説明は20000文字以内で入力してください" }),
  priority: taskPrioritySchema,
  starts_at: deadlineInputSchema.nullable(),
  expires_at: deadlineInputSchema.nullable(),
  assignee_id: idSchema.nullable(),
  manager_id: idSchema.nullable(),
  group_id: idSchema.nullable(),
  project_id: idSchema.nullable(),
  /** An action item of a meeting (アクションアイテム): the meeting must be one the caller sees. */
  meeting_id: idSchema.nullable(),
  primary_item_id: idSchema.nullable(),
  secondary_item_id: idSchema.nullable(),
  is_public: z.boolean(),
  notification: taskNotificationSchema.nullable(),
};

export const taskFieldsSchema = z.strictObject({
  ...editableFields,
  title: titleSchema,
  description: editableFields.description.default(""),
  priority: taskPrioritySchema.default("none"),
  is_public: z.boolean().default(false),
  starts_at: editableFields.starts_at.optional(),
  expires_at: editableFields.expires_at.optional(),
  assignee_id: editableFields.assignee_id.optional(),
  manager_id: editableFields.manager_id.optional(),
  group_id: editableFields.group_id.optional(),
  project_id: editableFields.project_id.optional(),
  meeting_id: editableFields.meeting_id.optional(),
  primary_item_id: editableFields.primary_item_id.optional(),
  secondary_item_id: editableFields.secondary_item_id.optional(),
  notification: editableFields.notification.optional(),
});

export const taskPatchSchema = z.strictObject(editableFields).partial();
export type TaskPatch = z.infer<typeof taskPatchSchema>;

export const taskTabSchema = z.enum(["me", "group", "management", "public", "project"], {
  error: "タブは me / group / management / public / project のいずれかです",
});
export type TaskTab = z.infer<typeof taskTabSchema>;
