import { z } from "zod";
import { passwordSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const changePasswordContract = defineContract({
  operationId: "changePassword",
  method: "POST",
  path: "/app/user/me/password",
  summary: "Change (or, for a social-only account, set) the password; other sessions are signed out",
  tags: ["user"],
  auth: "bearer",
  body: z.strictObject({
    current_password: z.string().max(128).optional(),
    new_password: passwordSchema,
  }),
  response: userSchema,
});
