import { agreeTermsContract } from "@tasuki/contract/user/agree-terms.contract";
import { cancelEmailChangeContract } from "@tasuki/contract/user/cancel-email-change.contract";
import { changeEmailContract } from "@tasuki/contract/user/change-email.contract";
import { changePasswordContract } from "@tasuki/contract/user/change-password.contract";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { linkSnsContract } from "@tasuki/contract/user/link-sns.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { linkSns } from "../auth/oidc.service.ts";
import { agreeTerms, cancelEmailChange, changeEmail, changePassword, getMe } from "./user.service.ts";

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getMeContract, ({ auth }) => getMe(ctx, auth.userId));
  route(app, ctx, changeEmailContract, ({ auth, body }) => changeEmail(ctx, auth, body));
  route(app, ctx, cancelEmailChangeContract, ({ auth }) => cancelEmailChange(ctx, auth));
  route(app, ctx, changePasswordContract, ({ auth, body }) => changePassword(ctx, auth, body));
  route(app, ctx, agreeTermsContract, ({ auth, body }) => agreeTerms(ctx, auth, body.terms_version));
  route(app, ctx, linkSnsContract, async ({ auth, body }) => {
    await linkSns(ctx, auth, body);
    return getMe(ctx, auth.userId);
  });
}
