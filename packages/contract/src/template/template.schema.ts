import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { recurrenceDateSchema } from "../task/recurrence.schema.ts";
import { taskPrioritySchema } from "../task/task.schema.ts";

/**
 * Templates (テンプレート): a task template, or a primary/secondary item template holding its tree. Dates are never
 * stored: each task holds an offset and a duration counted from the start date chosen when the template is used,
 * in calendar days or business days as the template says (docs/decisions/0018-templates.md).
 */

/** How a template's days are counted: 暦日 (every day) or 営業日 (weekends, public holidays and closed days skipped). */
export const dayBasisSchema = z.enum(["calendar", "business"], {
  error: "日数の数え方は calendar（暦日）か business（営業日）で指定してください",
});
export type DayBasis = z.infer<typeof dayBasisSchema>;
export const dayBasisLabels: Record<DayBasis, string> = { calendar: "暦日", business: "営業日" };

/** Who a task made from a template is assigned to: the person using it, the parent's manager, or nobody. */
export const assigneeRuleSchema = z.enum(["user", "manager", "none"], {
  error: "担当者の決め方は user（使う人）、manager（親の責任者）、none（なし）のいずれかで指定してください",
});
export type AssigneeRule = z.infer<typeof assigneeRuleSchema>;
export const assigneeRuleLabels: Record<AssigneeRule, string> = {
  user: "使う人",
  manager: "プロジェクト・会議の責任者",
  none: "未定",
};

/** Bounds of a template's tree, so that no template can make an unbounded number of rows in one `use`. */
export const TEMPLATE_LIMITS = {
  /** Days a task may start after the start date, and last. */
  maxOffsetDays: 730,
  maxDurationDays: 365,
  maxChecklistItems: 50,
  maxSecondaryItems: 50,
  /** Tasks in one template's whole tree. */
  maxTasks: 300,
  /** Templates named in one `use` or preview. */
  maxIds: 20,
} as const;

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: "タスク名を入力してください" })
  .max(200, { error: "タスク名は200文字以内で入力してください" });
const nameSchema = z
  .string()
  .trim()
  .min(1, { error: "名前を入力してください" })
  .max(200, { error: "名前は200文字以内で入力してください" });
const descriptionSchema = z.string().max(10000, { error: "説明は10000文字以内で入力してください" });
const checklistItemSchema = z
  .string()
  .trim()
  .min(1, { error: "チェックリストの項目を入力してください" })
  .max(200, { error: "チェックリストの項目は200文字以内で入力してください" });

const offsetSchema = z
  .int({ error: "開始日は整数の日数で指定してください" })
  .min(0, { error: "開始日は0日以上で指定してください" })
  .max(TEMPLATE_LIMITS.maxOffsetDays, { error: `開始日は${TEMPLATE_LIMITS.maxOffsetDays}日以内で指定してください` });
const durationSchema = z
  .int({ error: "期間は整数の日数で指定してください" })
  .min(1, { error: "期間は1日以上で指定してください" })
  .max(TEMPLATE_LIMITS.maxDurationDays, { error: `期間は${TEMPLATE_LIMITS.maxDurationDays}日以内で指定してください` });

/**
 * A task of a template as it is written (new, PATCH, save-as, AI drafts). `start_offset_days` 0 is the start date
 * itself (with business days: the first business day on or after it); the deadline is `duration_days` days later
 * counting the start day (1 = the same day).
 */
export const taskTplInputSchema = z.strictObject({
  title: titleSchema,
  description: descriptionSchema.default(""),
  priority: taskPrioritySchema.default("none"),
  start_offset_days: offsetSchema.default(0),
  duration_days: durationSchema.default(1),
  assignee_rule: assigneeRuleSchema.default("user"),
  checklist: z
    .array(checklistItemSchema)
    .max(TEMPLATE_LIMITS.maxChecklistItems, {
      error: `チェックリストは${TEMPLATE_LIMITS.maxChecklistItems}項目以内にしてください`,
    })
    .default([]),
});
export type TaskTplInput = z.input<typeof taskTplInputSchema>;

const tasksInputSchema = z
  .array(taskTplInputSchema)
  .max(TEMPLATE_LIMITS.maxTasks, { error: `タスクは${TEMPLATE_LIMITS.maxTasks}件以内にしてください` });

export const secondaryItemTplInputSchema = z.strictObject({
  name: nameSchema,
  description: descriptionSchema.default(""),
  tasks: tasksInputSchema.default([]),
});

const countTasks = (value: { tasks: unknown[]; secondary_items?: { tasks: unknown[] }[] }) =>
  value.tasks.length + (value.secondary_items ?? []).reduce((sum, item) => sum + item.tasks.length, 0);
const tooManyTasks = {
  error: `テンプレート全体のタスクは${TEMPLATE_LIMITS.maxTasks}件以内にしてください`,
  path: ["tasks"],
};

/** The fields of a primary item template's tree: its secondary items with their tasks, and tasks right under it. */
export const primaryItemTplTreeShape = {
  name: nameSchema,
  description: descriptionSchema.default(""),
  day_basis: dayBasisSchema.default("business"),
  secondary_items: z
    .array(secondaryItemTplInputSchema)
    .max(TEMPLATE_LIMITS.maxSecondaryItems, {
      error: `中項目は${TEMPLATE_LIMITS.maxSecondaryItems}件以内にしてください`,
    })
    .default([]),
  tasks: tasksInputSchema.default([]),
};
/** The whole tree may hold at most maxTasks tasks (one `use` makes them all in one transaction). */
export const primaryItemTplTreeRefine = [
  (value: { tasks: unknown[]; secondary_items: { tasks: unknown[] }[] }) =>
    countTasks(value) <= TEMPLATE_LIMITS.maxTasks,
  tooManyTasks,
] as const;
export const primaryItemTplTreeSchema = z.strictObject(primaryItemTplTreeShape).refine(...primaryItemTplTreeRefine);
export type PrimaryItemTplTree = z.output<typeof primaryItemTplTreeSchema>;
export type PrimaryItemTplTreeInput = z.input<typeof primaryItemTplTreeSchema>;

export const secondaryItemTplTreeShape = {
  name: nameSchema,
  description: descriptionSchema.default(""),
  day_basis: dayBasisSchema.default("business"),
  tasks: tasksInputSchema.default([]),
};
export const secondaryItemTplTreeSchema = z.strictObject(secondaryItemTplTreeShape);
export type SecondaryItemTplTree = z.output<typeof secondaryItemTplTreeSchema>;

/** A stand-alone task template: the task's fields and how its days are counted. */
export const taskTplTreeShape = { ...taskTplInputSchema.shape, day_basis: dayBasisSchema.default("business") };
export const taskTplTreeSchema = z.strictObject(taskTplTreeShape);
export type TaskTplTree = z.output<typeof taskTplTreeSchema>;

/** Edits send only what changes (no defaults under `.partial()`); a tree is replaced whole. */
export const taskTplPatchSchema = z
  .strictObject({
    title: titleSchema,
    description: descriptionSchema,
    priority: taskPrioritySchema,
    start_offset_days: offsetSchema,
    duration_days: durationSchema,
    assignee_rule: assigneeRuleSchema,
    checklist: z.array(checklistItemSchema).max(TEMPLATE_LIMITS.maxChecklistItems, {
      error: `チェックリストは${TEMPLATE_LIMITS.maxChecklistItems}項目以内にしてください`,
    }),
    day_basis: dayBasisSchema,
  })
  .partial();
export const primaryItemTplPatchSchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    day_basis: dayBasisSchema,
    secondary_items: z.array(secondaryItemTplInputSchema).max(TEMPLATE_LIMITS.maxSecondaryItems, {
      error: `中項目は${TEMPLATE_LIMITS.maxSecondaryItems}件以内にしてください`,
    }),
    tasks: tasksInputSchema,
  })
  .partial()
  .refine(
    (value) =>
      countTasks({ tasks: value.tasks ?? [], secondary_items: value.secondary_items ?? [] }) <=
      TEMPLATE_LIMITS.maxTasks,
    tooManyTasks,
  );
export const secondaryItemTplPatchSchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    day_basis: dayBasisSchema,
    tasks: tasksInputSchema,
  })
  .partial();

/** Where a template's rows came from: written by a person, saved from existing work, a catalogue entry or an AI draft. */
export const templateOriginSchema = z.enum(["manual", "saved", "catalogue", "ai"]);
export type TemplateOrigin = z.infer<typeof templateOriginSchema>;

/** A task inside a template's tree, as answered. */
export const taskTplNodeSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    priority: taskPrioritySchema,
    start_offset_days: z.int(),
    duration_days: z.int(),
    assignee_rule: assigneeRuleSchema,
    checklist: z.array(z.string()),
  })
  .meta({ id: "TaskTplNode" });
export type TaskTplNode = z.infer<typeof taskTplNodeSchema>;

export const secondaryItemTplNodeSchema = z
  .object({ name: z.string(), description: z.string(), tasks: z.array(taskTplNodeSchema) })
  .meta({ id: "SecondaryItemTplNode" });
export type SecondaryItemTplNode = z.infer<typeof secondaryItemTplNodeSchema>;

const savedTemplateFields = {
  id: idSchema,
  workspace_id: idSchema,
  day_basis: dayBasisSchema,
  origin: templateOriginSchema,
  /** Manual order of the workspace's templates of this kind. */
  position: z.number(),
  created_by: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};

export const taskTplSchema = taskTplNodeSchema.extend(savedTemplateFields).meta({ id: "TaskTpl" });
export type TaskTpl = z.infer<typeof taskTplSchema>;

export const secondaryItemTplSchema = secondaryItemTplNodeSchema
  .extend({ ...savedTemplateFields, task_count: z.int() })
  .meta({ id: "SecondaryItemTpl" });
export type SecondaryItemTpl = z.infer<typeof secondaryItemTplSchema>;

export const primaryItemTplSchema = z
  .object({
    ...savedTemplateFields,
    name: z.string(),
    description: z.string(),
    secondary_items: z.array(secondaryItemTplNodeSchema),
    tasks: z.array(taskTplNodeSchema),
    /** Tasks of the whole tree. */
    task_count: z.int(),
  })
  .meta({ id: "PrimaryItemTpl" });
export type PrimaryItemTpl = z.infer<typeof primaryItemTplSchema>;

/** Search and pages of a template list; `q` matches the name (title) and description. */
export const templateListQuerySchema = z.object({
  workspace_id: idSchema,
  q: z.string().trim().max(200, { error: "検索語は200文字以内で入力してください" }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

/** The date templates are counted from (Asia/Tokyo). */
export const templateStartDateSchema = recurrenceDateSchema;

/** Template ids named by `use` and the preview; all of one workspace, else 404 for the whole call. */
export const templateIdsSchema = z
  .array(idSchema)
  .min(1, { error: "テンプレートを選択してください" })
  .max(TEMPLATE_LIMITS.maxIds, { error: `テンプレートは一度に${TEMPLATE_LIMITS.maxIds}件まで選択できます` });

export const templateKindSchema = z.enum(["task", "primary_item", "secondary_item"]);
export type TemplateKind = z.infer<typeof templateKindSchema>;
