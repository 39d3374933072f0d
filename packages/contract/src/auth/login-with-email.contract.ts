import { defineContract } from "../common/define-contract.ts";
import { loginWithEmailBodySchema, tokenSetSchema } from "./auth.schema.ts";

export const loginWithEmailContract = defineContract({
  operationId: "loginWithEmail",
  method: "POST",
  path: "/app/auth/login-with-email",
  summary: "Sign in with e-mail and password",
  tags: ["auth"],
  auth: "none",
  body: loginWithEmailBodySchema,
  response: tokenSetSchema,
});
