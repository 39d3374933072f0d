import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

export const groupSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    parent_id: idSchema.nullable(),
    group_type_id: idSchema.nullable(),
    name: z.string(),
    leader: staffRefSchema.nullable(),
    position: z.number(),
    member_count: z.number().int(),
    deleted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Group" });
export type Group = z.infer<typeof groupSchema>;

/** A row of the top-down tree: depth-first order, with its depth and (on request) its members. */
export const groupNodeSchema = groupSchema
  .extend({
    depth: z.number().int(),
    members: z.array(staffRefSchema).optional(),
  })
  .meta({ id: "GroupNode" });
export type GroupNode = z.infer<typeof groupNodeSchema>;

export const groupFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, { error: "グループ名を入力してください" }).max(100),
  parent_id: idSchema.nullable().optional(),
  group_type_id: idSchema.nullable().optional(),
  leader_id: idSchema.nullable().optional(),
  member_ids: z.array(idSchema).max(2000).optional(),
});
