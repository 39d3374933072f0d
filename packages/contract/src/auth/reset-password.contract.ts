import { okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { resetPasswordBodySchema } from "./auth.schema.ts";

export const resetPasswordContract = defineContract({
  operationId: "resetPassword",
  method: "POST",
  path: "/app/auth/reset-password",
  summary: "Set a new password from a reset_password verification token; revokes every session of the user",
  tags: ["auth"],
  auth: "none",
  body: resetPasswordBodySchema,
  response: okSchema,
});
