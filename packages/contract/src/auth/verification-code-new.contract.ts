import { okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { verificationCodeNewBodySchema } from "./auth.schema.ts";

export const verificationCodeNewContract = defineContract({
  operationId: "verificationCodeNew",
  method: "POST",
  path: "/app/auth/verification-code/new",
  summary:
    "Mail a 6-digit code (10 minutes, 5 attempts). Answers the same whether or not the address is registered; change_email needs a bearer token",
  tags: ["auth"],
  auth: "optional",
  body: verificationCodeNewBodySchema,
  response: okSchema,
});
