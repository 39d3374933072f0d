import { snsCallbackBodySchema } from "../auth/auth.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const linkSnsContract = defineContract({
  operationId: "linkSns",
  method: "POST",
  path: "/app/user/me/link-sns",
  summary: "Link a social account to the signed-in user (state from /app/auth/sns/authorize with purpose link)",
  tags: ["user"],
  auth: "bearer",
  body: snsCallbackBodySchema,
  response: userSchema,
});
