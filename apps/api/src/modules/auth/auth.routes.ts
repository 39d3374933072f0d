import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { loginWithSnsContract } from "@tasuki/contract/auth/login-with-sns.contract";
import { logoutContract } from "@tasuki/contract/auth/logout.contract";
import { renewTokenContract } from "@tasuki/contract/auth/renew-token.contract";
import { resetPasswordContract } from "@tasuki/contract/auth/reset-password.contract";
import { signupWithEmailContract } from "@tasuki/contract/auth/signup-with-email.contract";
import { signupWithSnsContract } from "@tasuki/contract/auth/signup-with-sns.contract";
import { snsAuthorizeContract } from "@tasuki/contract/auth/sns-authorize.contract";
import { snsProvidersContract } from "@tasuki/contract/auth/sns-providers.contract";
import { verificationCodeConfContract } from "@tasuki/contract/auth/verification-code-conf.contract";
import { verificationCodeNewContract } from "@tasuki/contract/auth/verification-code-new.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  confirmVerificationCode,
  loginWithEmail,
  logout,
  renewToken,
  requestVerificationCode,
  resetPassword,
  signupWithEmail,
} from "./auth.service.ts";
import { authorize, listProviders, loginWithSns, signupWithSns } from "./oidc.service.ts";

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, verificationCodeNewContract, async ({ body, auth, ip }) => {
    await requestVerificationCode(ctx, body, auth, ip);
    return { ok: true as const };
  });
  route(app, ctx, verificationCodeConfContract, ({ body, ip }) => confirmVerificationCode(ctx, body, ip));
  route(app, ctx, signupWithEmailContract, ({ body }) => signupWithEmail(ctx, body));
  route(app, ctx, loginWithEmailContract, ({ body, ip }) => loginWithEmail(ctx, body, ip));
  route(app, ctx, renewTokenContract, ({ body }) => renewToken(ctx, body.refresh_token));
  route(app, ctx, resetPasswordContract, async ({ body, ip }) => {
    await resetPassword(ctx, body, ip);
    return { ok: true as const };
  });
  route(app, ctx, logoutContract, async ({ body }) => {
    await logout(ctx, body.refresh_token);
    return { ok: true as const };
  });
  route(app, ctx, snsProvidersContract, async () => ({ items: listProviders(ctx) }));
  route(app, ctx, snsAuthorizeContract, ({ body, auth }) => authorize(ctx, body, auth));
  route(app, ctx, loginWithSnsContract, ({ body }) => loginWithSns(ctx, body));
  route(app, ctx, signupWithSnsContract, ({ body }) => signupWithSns(ctx, body));
}
