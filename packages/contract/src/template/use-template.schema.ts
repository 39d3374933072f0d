import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { primaryItemSchema } from "../primary-item/primary-item.schema.ts";
import { secondaryItemSchema } from "../secondary-item/secondary-item.schema.ts";
import { taskSchema } from "../task/task.schema.ts";
import { templateIdsSchema, templateStartDateSchema } from "./template.schema.ts";

/**
 * What every `use` names: the templates, the start date, and whom to assign when a task's rule says
 * `user` (default: the caller). `assignee_id` must be a live staff member of the workspace.
 */
export const useTemplateFields = {
  workspace_id: idSchema,
  ids: templateIdsSchema,
  start_date: templateStartDateSchema,
  /** Overrides the `user` rule's person (the caller by default); must be live staff of the workspace. */
  assignee_id: idSchema.optional(),
};

export const exactlyOneParent =
  (keys: readonly string[]) =>
  (value: Record<string, unknown>): boolean =>
    keys.filter((key) => value[key] !== undefined).length === 1;

/** A secondary item made by `use`, with its tasks. */
export const usedSecondaryItemSchema = secondaryItemSchema
  .extend({ tasks: z.array(taskSchema) })
  .meta({ id: "UsedSecondaryItem" });
/** A primary item made by `use`, with its secondary items and tasks. */
export const usedPrimaryItemSchema = primaryItemSchema
  .extend({ secondary_items: z.array(usedSecondaryItemSchema), tasks: z.array(taskSchema) })
  .meta({ id: "UsedPrimaryItem" });
export type UsedPrimaryItem = z.infer<typeof usedPrimaryItemSchema>;
export type UsedSecondaryItem = z.infer<typeof usedSecondaryItemSchema>;
