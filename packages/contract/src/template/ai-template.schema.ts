import { z } from "zod";
import { dayBasisSchema, secondaryItemTplNodeSchema, taskTplNodeSchema } from "./template.schema.ts";

/**
 * An entry of the AI catalogue: shaped like a saved template's tree, with a stable text id instead of a row id
 * (the catalogue is seed data shared by every workspace). Saving one is `POST …-tpl/new` with its tree and
 * `origin: "catalogue"`.
 */
export const aiPrimaryTplSchema = z
  .object({
    id: z.string(),
    business_category_id: z.string(),
    name: z.string(),
    description: z.string(),
    day_basis: dayBasisSchema,
    secondary_items: z.array(secondaryItemTplNodeSchema),
    tasks: z.array(taskTplNodeSchema),
    task_count: z.int(),
  })
  .meta({ id: "AiPrimaryTpl" });
export type AiPrimaryTpl = z.infer<typeof aiPrimaryTplSchema>;

export const aiSecondaryTplSchema = z
  .object({
    id: z.string(),
    business_category_id: z.string(),
    /** The catalogue primary item template it belongs to, and its name. */
    primary_tpl_id: z.string(),
    primary_tpl_name: z.string(),
    name: z.string(),
    description: z.string(),
    day_basis: dayBasisSchema,
    tasks: z.array(taskTplNodeSchema),
    task_count: z.int(),
  })
  .meta({ id: "AiSecondaryTpl" });
export type AiSecondaryTpl = z.infer<typeof aiSecondaryTplSchema>;

/**
 * Which generator 「AIで作成」 uses in this deployment: `ai` (an AI provider is configured) or `template` (no
 * provider: a deterministic generator builds the draft from the catalogue, and the page says so).
 */
export const templateGeneratorSchema = z.enum(["ai", "template"]);
export type TemplateGenerator = z.infer<typeof templateGeneratorSchema>;
