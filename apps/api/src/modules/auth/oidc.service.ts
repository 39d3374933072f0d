import type { SnsProvider, TokenSet } from "@tasuki/contract/auth/auth.schema";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestAuth } from "./authenticate.ts";

export interface SnsCallback {
  provider: SnsProvider;
  code: string;
  state: string;
}

const notConfigured = (provider: string) =>
  new AppError(
    "sns_provider_unavailable",
    400,
    "このソーシャルログインは現在利用できません。",
    `OpenID Connect provider ${provider} is not configured`,
  );

export function listProviders(ctx: AppContext) {
  return ctx.config.oidcProviders.map(({ provider, label }) => ({ provider, label }));
}

export async function authorize(
  ctx: AppContext,
  input: { provider: SnsProvider; purpose: "login" | "signup" | "link"; agree_terms?: boolean | undefined },
  _auth: RequestAuth | null,
): Promise<{ url: string }> {
  throw notConfigured(input.provider);
}

export async function loginWithSns(_ctx: AppContext, input: SnsCallback): Promise<TokenSet> {
  throw notConfigured(input.provider);
}

export async function signupWithSns(_ctx: AppContext, input: SnsCallback): Promise<TokenSet> {
  throw notConfigured(input.provider);
}

export async function linkSns(_ctx: AppContext, _auth: RequestAuth, input: SnsCallback): Promise<void> {
  throw notConfigured(input.provider);
}
