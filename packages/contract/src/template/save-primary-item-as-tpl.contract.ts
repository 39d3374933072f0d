import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { dayBasisSchema, primaryItemTplSchema } from "./template.schema.ts";

export const savePrimaryItemAsTplBodySchema = z.strictObject({
  primary_item_id: idSchema,
  /** The template's name; the item's name by default. */
  name: z
    .string()
    .trim()
    .min(1, { error: "名前を入力してください" })
    .max(200, { error: "名前は200文字以内で入力してください" })
    .optional(),
  /**
   * How the offsets and durations read from the tasks' dates are counted. The earliest start (or deadline) of
   * the tree is day 0; tasks without dates start on day 0 and last one day.
   */
  day_basis: dayBasisSchema.default("calendar"),
});

export const savePrimaryItemAsTplContract = defineContract({
  operationId: "savePrimaryItemAsTpl",
  method: "POST",
  path: "/app/primary-item-tpl/from-item",
  summary:
    "「テンプレートとして保存」 for a primary item the caller may see with its live secondary items and their tasks, dates turned into offsets and durations (manage_templates)",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  body: savePrimaryItemAsTplBodySchema,
  status: 201,
  response: primaryItemTplSchema,
});
