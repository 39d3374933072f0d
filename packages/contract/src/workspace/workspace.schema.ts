import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";

/** A workspace code: lowercase letters, digits and hyphens, used in invitations and support. */
export const workspaceCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, { error: "ワークスペースIDは3文字以上で入力してください" })
  .max(32, { error: "ワークスペースIDは32文字以内で入力してください" })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: "ワークスペースIDは半角英小文字・数字・ハイフンで入力してください（先頭と末尾は英数字）",
  });

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, { error: "ワークスペース名を入力してください" })
  .max(100, { error: "ワークスペース名は100文字以内で入力してください" });

export const workspaceSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    code: z.string(),
    status: z.enum(["active", "disabled"]),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;
