import { z } from "zod";

/** Every 4xx/5xx answer: `message` for the user (Japanese), `dev_message` for developers (English). */
export const errorSchema = z
  .object({
    message: z.string(),
    dev_message: z.string(),
    code: z.string(),
  })
  .meta({ id: "Error" });
export type ApiError = z.infer<typeof errorSchema>;

export const idSchema = z.uuid();
export const timestampSchema = z.iso.datetime({ offset: true });
export const okSchema = z.object({ ok: z.literal(true) });

export const idParamsSchema = z.object({ id: idSchema });
export const workspaceQuerySchema = z.object({ workspace_id: idSchema });

export const emailSchema = z
  .email({ error: "メールアドレスの形式が正しくありません" })
  .max(254)
  .transform((value) => value.trim().toLowerCase());

/** 8 to 128 characters; the server also refuses the most common passwords. */
export const passwordSchema = z
  .string()
  .min(8, { error: "パスワードは8文字以上で入力してください" })
  .max(128, { error: "パスワードは128文字以内で入力してください" });

export const personNameSchema = z.object({
  last_name: z.string().trim().min(1, { error: "姓を入力してください" }).max(50),
  first_name: z.string().trim().min(1, { error: "名を入力してください" }).max(50),
  last_name_kana: z
    .string()
    .trim()
    .max(100)
    .regex(/^[ァ-ヶー　 ]*$/, { error: "フリガナは全角カタカナで入力してください" })
    .default(""),
  first_name_kana: z
    .string()
    .trim()
    .max(100)
    .regex(/^[ァ-ヶー　 ]*$/, { error: "フリガナは全角カタカナで入力してください" })
    .default(""),
});

export const roleSchema = z.enum(["owner", "admin", "member", "guest"]);
export type Role = z.infer<typeof roleSchema>;
export const workspaceUserStatusSchema = z.enum(["invited", "active", "suspended", "retired"]);
export type WorkspaceUserStatus = z.infer<typeof workspaceUserStatusSchema>;
