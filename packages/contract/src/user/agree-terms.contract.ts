import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const agreeTermsContract = defineContract({
  operationId: "agreeTerms",
  method: "PUT",
  path: "/app/user/me/agree-terms",
  summary: "Record the user's agreement to the current terms of service",
  tags: ["user"],
  auth: "bearer",
  body: z.strictObject({ terms_version: z.string().min(1).max(50) }),
  response: userSchema,
});
