import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const changeEmailContract = defineContract({
  operationId: "changeEmail",
  method: "POST",
  path: "/app/user/me/email",
  summary:
    "Apply a pending address change: a change_email verification token for the new address, and the current password when the user has one",
  tags: ["user"],
  auth: "bearer",
  body: z.strictObject({
    verification_token: z.string().min(1),
    current_password: z.string().max(128).optional(),
  }),
  response: userSchema,
});
