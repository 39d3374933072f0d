import { defineContract } from "../common/define-contract.ts";
import { snsCallbackBodySchema, tokenSetSchema } from "./auth.schema.ts";

export const signupWithSnsContract = defineContract({
  operationId: "signupWithSns",
  method: "POST",
  path: "/app/auth/signup-with-sns",
  summary:
    "Create an account from an OpenID Connect provider's answer (state from /app/auth/sns/authorize with purpose signup)",
  tags: ["auth"],
  auth: "none",
  body: snsCallbackBodySchema,
  status: 201,
  response: tokenSetSchema,
});
