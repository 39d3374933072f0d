import { z } from "zod";
import { emailSchema, passwordSchema, personNameSchema } from "../common/common.schema.ts";

export const verificationPurposeSchema = z.enum(["signup", "reset_password", "change_email"]);
export type VerificationPurpose = z.infer<typeof verificationPurposeSchema>;

/** The token set every sign-in and renewal answers; `realtime_token` is the specification's custom token. */
export const tokenSetSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    realtime_token: z.string(),
    /** Seconds until the access token expires. */
    expires_in: z.number().int(),
  })
  .meta({ id: "TokenSet" });
export type TokenSet = z.infer<typeof tokenSetSchema>;

export const snsProviderSchema = z.enum(["google", "line", "microsoft"]);
export type SnsProvider = z.infer<typeof snsProviderSchema>;

export const verificationCodeNewBodySchema = z.strictObject({
  email: emailSchema,
  purpose: verificationPurposeSchema,
});

export const verificationCodeConfBodySchema = z.strictObject({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, { error: "確認コードは6桁の数字で入力してください" }),
  purpose: verificationPurposeSchema,
});

export const signupWithEmailBodySchema = z.strictObject({
  verification_token: z.string().min(1),
  password: passwordSchema,
  ...personNameSchema.shape,
  agree_terms: z.literal(true, { error: "利用規約とプライバシーポリシーへの同意が必要です" }),
});

export const loginWithEmailBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, { error: "パスワードを入力してください" }).max(128),
});

export const refreshTokenBodySchema = z.strictObject({
  refresh_token: z.string().min(1),
});

export const resetPasswordBodySchema = z.strictObject({
  verification_token: z.string().min(1),
  password: passwordSchema,
});

/** The answer of an OpenID Connect provider's redirect, handed on by the web app. */
export const snsCallbackBodySchema = z.strictObject({
  provider: snsProviderSchema,
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(200),
});

export const snsAuthorizeBodySchema = z.strictObject({
  provider: snsProviderSchema,
  purpose: z.enum(["login", "signup", "link"]),
  /** Sign-up only: the user ticked the terms before leaving for the provider. */
  agree_terms: z.boolean().optional(),
});
