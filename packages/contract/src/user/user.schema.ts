import { z } from "zod";
import { snsProviderSchema } from "../auth/auth.schema.ts";
import { idSchema, roleSchema, timestampSchema, workspaceUserStatusSchema } from "../common/common.schema.ts";
import { dateStyleSchema } from "../workspace/workspace.schema.ts";

export const membershipSchema = z.object({
  id: idSchema,
  workspace_id: idSchema,
  role: roleSchema,
  status: workspaceUserStatusSchema,
  /** `date_style` comes with the session so that the first screen already writes dates as the workspace does. */
  workspace: z.object({ id: idSchema, name: z.string(), date_style: dateStyleSchema }),
});

export const userSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    /** An address waiting for its code (see POST/DELETE /app/user/me/email). */
    pending_email: z.string().nullable(),
    last_name: z.string(),
    first_name: z.string(),
    last_name_kana: z.string(),
    first_name_kana: z.string(),
    has_password: z.boolean(),
    terms_version: z.string().nullable(),
    terms_agreed_at: timestampSchema.nullable(),
    /** False when the current terms are newer than the ones the user agreed to. */
    terms_current: z.boolean(),
    sns_links: z.array(
      z.object({ provider: snsProviderSchema, email: z.string().nullable(), linked_at: timestampSchema }),
    ),
    workspace_users: z.array(membershipSchema),
    created_at: timestampSchema,
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;
