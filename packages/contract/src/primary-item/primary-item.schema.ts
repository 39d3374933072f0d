import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";

/** 大項目: the top level of the work breakdown of a project, or an item of a meeting's agenda (議題). */
export const primaryItemSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    project_id: idSchema.nullable(),
    meeting_id: idSchema.nullable(),
    name: z.string(),
    description: z.string(),
    /** An agenda item dealt with (済); unfinished ones are carried over to the next occurrence of a series. */
    done: z.boolean(),
    /** The item of an earlier occurrence this one was carried over from (前回から持ち越し); null otherwise. */
    carried_from_id: idSchema.nullable(),
    position: z.number(),
    created_by: idSchema.nullable(),
    deleted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "PrimaryItem" });
export type PrimaryItem = z.infer<typeof primaryItemSchema>;

export const itemNameSchema = z
  .string()
  .trim()
  .min(1, { error: "名前を入力してください" })
  .max(200, { error: "名前は200文字以内で入力してください" });
export const itemDescriptionSchema = z.string().max(10000, { error: "説明は10000文字以内で入力してください" });

/** Edits send only what changes, so no defaults here (zod 4 would fill them in under `.partial()`). */
export const itemPatchSchema = z.strictObject({ name: itemNameSchema, description: itemDescriptionSchema }).partial();
/** A primary item may also be marked dealt with (an agenda item's 済). */
export const primaryItemPatchSchema = z
  .strictObject({ name: itemNameSchema, description: itemDescriptionSchema, done: z.boolean() })
  .partial();

/** An item's parent: a project or a meeting, exactly one (a query names the list it reads the same way). */
export const itemParentRefine = (value: { project_id?: string | undefined; meeting_id?: string | undefined }) =>
  (value.project_id === undefined) !== (value.meeting_id === undefined);
export const itemParentError = { error: "プロジェクトか会議のどちらか一方を指定してください", path: ["project_id"] };

/** Bulk calls name their rows; all are done or none. */
export const idListBodySchema = z.strictObject({
  ids: z.array(idSchema).min(1, { error: "対象を選択してください" }).max(500),
});

export const idNameSchema = z.object({ id: idSchema, name: z.string() });
