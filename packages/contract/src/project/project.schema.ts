import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

const dateSchema = z.iso.date({ error: "日付はYYYY-MM-DD形式で入力してください" });

export const projectColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "色は#RRGGBB形式で指定してください" });

export const projectSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    group: z.object({ id: idSchema, name: z.string() }).nullable(),
    manager: staffRefSchema.nullable(),
    members: z.array(staffRefSchema),
    name: z.string(),
    description: z.string(),
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    status: z.enum(["active", "archived"]),
    color: z.string(),
    position: z.number(),
    deleted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Project" });
export type Project = z.infer<typeof projectSchema>;

export const projectFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, { error: "プロジェクト名を入力してください" }).max(100),
  description: z.string().max(5000).default(""),
  group_id: idSchema.nullable().optional(),
  manager_id: idSchema.nullable().optional(),
  member_ids: z.array(idSchema).max(2000).optional(),
  starts_on: dateSchema.nullable().optional(),
  ends_on: dateSchema.nullable().optional(),
  status: z.enum(["active", "archived"]).default("active"),
  color: projectColorSchema.default("#3949ab"),
});

const fields = projectFieldsSchema.shape;

/**
 * An edit sends only what changes. The creation defaults are taken off here: under `.partial()` zod 4
 * still fills them in, so renaming a project would otherwise reset its status, colour and description.
 */
export const projectPatchSchema = z
  .strictObject({
    ...fields,
    description: fields.description.unwrap(),
    status: fields.status.unwrap(),
    color: fields.color.unwrap(),
  })
  .partial();
