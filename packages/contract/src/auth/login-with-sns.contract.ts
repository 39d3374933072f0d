import { defineContract } from "../common/define-contract.ts";
import { snsCallbackBodySchema, tokenSetSchema } from "./auth.schema.ts";

export const loginWithSnsContract = defineContract({
  operationId: "loginWithSns",
  method: "POST",
  path: "/app/auth/login-with-sns",
  summary: "Sign in with an OpenID Connect provider's answer (state from /app/auth/sns/authorize with purpose login)",
  tags: ["auth"],
  auth: "none",
  body: snsCallbackBodySchema,
  response: tokenSetSchema,
});
