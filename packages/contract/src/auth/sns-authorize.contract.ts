import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { snsAuthorizeBodySchema } from "./auth.schema.ts";

export const snsAuthorizeContract = defineContract({
  operationId: "snsAuthorize",
  method: "POST",
  path: "/app/auth/sns/authorize",
  summary:
    "Start an OpenID Connect sign-in (PKCE): answers the provider's authorization URL; purpose link needs a bearer token",
  tags: ["auth"],
  auth: "optional",
  body: snsAuthorizeBodySchema,
  response: z.object({ url: z.url() }),
});
