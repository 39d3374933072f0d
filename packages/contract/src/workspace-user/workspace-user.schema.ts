import { z } from "zod";
import { permissionSchema } from "../authority/authority.schema.ts";
import {
  idSchema,
  personNameSchema,
  roleSchema,
  timestampSchema,
  workspaceUserStatusSchema,
} from "../common/common.schema.ts";

export const workspaceUserSchema = z
  .object({
    official_position: z.object({ id: idSchema, name: z.string(), rank: z.number().int() }).nullable(),
    /** The groups the staff member belongs to; exactly one is the main group when there are any. */
    groups: z.array(z.object({ id: idSchema, name: z.string(), is_main: z.boolean() })),
    avatar_image_id: idSchema.nullable(),
    avatar_url: z.string().nullable(),
    position: z.number(),
    invited_at: timestampSchema.nullable(),
    joined_at: timestampSchema.nullable(),
    deleted_at: timestampSchema.nullable(),
    id: idSchema,
    workspace_id: idSchema,
    user_id: idSchema.nullable(),
    role: roleSchema,
    status: workspaceUserStatusSchema,
    /**
     * The directory's contact details (`email`, `employee_code`) are null for a guest caller — people from
     * outside the company see the names and avatars of the staff, not how to reach them — except on their own record.
     */
    email: z.string().nullable(),
    last_name: z.string(),
    first_name: z.string(),
    last_name_kana: z.string(),
    first_name_kana: z.string(),
    employee_code: z.string().nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "WorkspaceUser" });
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

/** Fields left out stay as they are: the kana lose the defaults they have on sign-up. */
export const workspaceUserMeUpdateSchema = personNameSchema
  .partial()
  .extend({
    last_name_kana: personNameSchema.shape.last_name_kana.unwrap().optional(),
    first_name_kana: personNameSchema.shape.first_name_kana.unwrap().optional(),
    avatar_image_id: idSchema.nullable().optional(),
  })
  .strict();

/** The caller's own record, with what they may do in the workspace. */
export const workspaceUserMeSchema = workspaceUserSchema
  .extend({ permissions: z.array(permissionSchema) })
  .meta({ id: "WorkspaceUserMe" });

const kanaSchema = z
  .string()
  .trim()
  .max(100)
  .regex(/^[ァ-ヶー　 ]*$/, { error: "フリガナは全角カタカナで入力してください" });

/** The fields an administrator sets on a staff record. */
export const staffFieldsSchema = z.strictObject({
  email: z
    .email({ error: "メールアドレスの形式が正しくありません" })
    .max(254)
    .transform((value) => value.trim().toLowerCase()),
  last_name: z.string().trim().min(1, { error: "姓を入力してください" }).max(50),
  first_name: z.string().trim().min(1, { error: "名を入力してください" }).max(50),
  last_name_kana: kanaSchema.default(""),
  first_name_kana: kanaSchema.default(""),
  employee_code: z.string().trim().max(50).nullable().optional(),
  official_position_id: idSchema.nullable().optional(),
  group_ids: z.array(idSchema).max(50).optional(),
  main_group_id: idSchema.nullable().optional(),
  role: roleSchema.default("member"),
  avatar_image_id: idSchema.nullable().optional(),
});

/**
 * PATCH: every field optional and without the defaults of `staffFieldsSchema`, so that a field left out
 * stays as it is (with the defaults, `{}` would have read as role member and empty kana).
 */
export const staffUpdateSchema = staffFieldsSchema
  .partial()
  .extend({
    last_name_kana: kanaSchema.optional(),
    first_name_kana: kanaSchema.optional(),
    role: roleSchema.optional(),
  })
  .strict();
