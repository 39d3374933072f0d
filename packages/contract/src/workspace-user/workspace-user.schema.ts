import { z } from "zod";
import {
  idSchema,
  personNameSchema,
  roleSchema,
  timestampSchema,
  workspaceUserStatusSchema,
} from "../common/common.schema.ts";

export const workspaceUserSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    user_id: idSchema.nullable(),
    role: roleSchema,
    status: workspaceUserStatusSchema,
    email: z.string(),
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

export const workspaceUserMeUpdateSchema = personNameSchema.partial().strict();
