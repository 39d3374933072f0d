import { defineContract } from "../common/define-contract.ts";
import { refreshTokenBodySchema, tokenSetSchema } from "./auth.schema.ts";

export const renewTokenContract = defineContract({
  operationId: "renewToken",
  method: "POST",
  path: "/app/auth/renew-token",
  summary: "Exchange a refresh token for a new token set (the old one is spent; reuse revokes the family)",
  tags: ["auth"],
  auth: "none",
  body: refreshTokenBodySchema,
  response: tokenSetSchema,
});
