import { defineContract } from "../common/define-contract.ts";
import { signupWithEmailBodySchema, tokenSetSchema } from "./auth.schema.ts";

export const signupWithEmailContract = defineContract({
  operationId: "signupWithEmail",
  method: "POST",
  path: "/app/auth/signup-with-email",
  summary: "Create an account from a verified address; answers a token set",
  tags: ["auth"],
  auth: "none",
  body: signupWithEmailBodySchema,
  status: 201,
  response: tokenSetSchema,
});
