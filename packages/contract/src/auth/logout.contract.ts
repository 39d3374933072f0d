import { okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { refreshTokenBodySchema } from "./auth.schema.ts";

export const logoutContract = defineContract({
  operationId: "logout",
  method: "POST",
  path: "/app/auth/logout",
  summary: "Sign out: revokes the refresh token's whole family (the session)",
  tags: ["auth"],
  auth: "none",
  body: refreshTokenBodySchema,
  response: okSchema,
});
