import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskPrioritySchema } from "../task/task.schema.ts";
import {
  assigneeRuleSchema,
  dayBasisSchema,
  primaryItemTplTreeRefine,
  primaryItemTplTreeShape,
  templateIdsSchema,
  templateKindSchema,
  templateStartDateSchema,
} from "./template.schema.ts";

/**
 * A tree to preview before it is saved (the editor, an AI draft, a catalogue entry): a primary item template's
 * shape; a secondary item template is one without secondary items, a task template one with a single task.
 */
export const templateDraftSchema = z
  .strictObject({ ...primaryItemTplTreeShape, name: primaryItemTplTreeShape.name.optional() })
  .refine(...primaryItemTplTreeRefine);

export const previewTemplateBodySchema = z
  .strictObject({
    workspace_id: idSchema,
    start_date: templateStartDateSchema,
    /** Saved templates of one kind… */
    kind: templateKindSchema.optional(),
    ids: templateIdsSchema.optional(),
    /** …or a tree not saved yet. */
    draft: templateDraftSchema.optional(),
  })
  .refine((value) => (value.draft !== undefined) !== (value.ids !== undefined && value.kind !== undefined), {
    error: "テンプレート（kind と ids）か下書き（draft）のどちらか一方を指定してください",
    path: ["ids"],
  });
export type PreviewTemplateBody = z.input<typeof previewTemplateBodySchema>;

/** A task with the dates `use` would give it (Asia/Tokyo calendar dates; the deadline is 23:59 that day). */
export const datedTaskSchema = z
  .object({
    title: z.string(),
    priority: taskPrioritySchema,
    assignee_rule: assigneeRuleSchema,
    start_offset_days: z.int(),
    duration_days: z.int(),
    starts_on: z.iso.date(),
    due_on: z.iso.date(),
  })
  .meta({ id: "DatedTemplateTask" });
export type DatedTask = z.infer<typeof datedTaskSchema>;

export const templatePreviewTreeSchema = z
  .object({
    /** The saved template's id; null for a draft. */
    template_id: idSchema.nullable(),
    kind: templateKindSchema,
    name: z.string(),
    day_basis: dayBasisSchema,
    secondary_items: z.array(z.object({ name: z.string(), tasks: z.array(datedTaskSchema) })),
    tasks: z.array(datedTaskSchema),
  })
  .meta({ id: "TemplatePreviewTree" });

export const templatePreviewSchema = z
  .object({
    start_date: z.iso.date(),
    /** The first day counted: start_date itself, or with business days the first business day on or after it. */
    first_day: z.iso.date(),
    /** The latest deadline of all the trees (start_date when there are no tasks). */
    last_day: z.iso.date(),
    items: z.array(templatePreviewTreeSchema),
    /**
     * Every day from start_date to last_day that is not a business day, so the preview can mark them:
     * `holiday` (祝日, with its name), `closed` (the workspace's 休業日, with its name) or `weekend` (name null).
     */
    days_off: z.array(
      z.object({ date: z.iso.date(), kind: z.enum(["weekend", "holiday", "closed"]), name: z.string().nullable() }),
    ),
  })
  .meta({ id: "TemplatePreview" });
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const previewTemplateContract = defineContract({
  operationId: "previewTemplate",
  method: "POST",
  path: "/app/template/preview",
  summary:
    "The dates `use` would give each task of saved templates or of a draft tree from start_date, and the days off in between (holidays named), without making anything",
  tags: ["template"],
  auth: "bearer",
  body: previewTemplateBodySchema,
  response: templatePreviewSchema,
});
