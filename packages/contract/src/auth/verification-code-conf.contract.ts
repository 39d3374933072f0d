import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { verificationCodeConfBodySchema } from "./auth.schema.ts";

export const verificationCodeConfContract = defineContract({
  operationId: "verificationCodeConf",
  method: "POST",
  path: "/app/auth/verification-code/conf",
  summary: "Check a mailed code; answers a single-use verification token valid 15 minutes",
  tags: ["auth"],
  auth: "none",
  body: verificationCodeConfBodySchema,
  response: z.object({ verification_token: z.string() }),
});
