import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceNameSchema, myExternalLinkageSchema } from "./external-service.schema.ts";

export const newMyExternalLinkageContract = defineContract({
  operationId: "newMyExternalLinkage",
  method: "POST",
  path: "/app/my-external-linkage/new",
  summary:
    "Links the caller's account (premium): Slack at once by e-mail match (users.lookupByEmail), or with `method: sign_in` by Sign in with Slack; Chatwork and Sign in with Slack answer the consent URL, completed by the callback",
  tags: ["external-service"],
  auth: "bearer",
  body: z.strictObject({
    workspace_id: idSchema,
    service: externalServiceNameSchema,
    /** Slack only: `email` (default) matches the Tasuki address; `sign_in` answers Sign in with Slack's URL. */
    method: z.enum(["email", "sign_in"], { error: "連携の方法は email か sign_in を選んでください" }).optional(),
  }),
  response: z.object({ linkage: myExternalLinkageSchema, authorize_url: z.url().nullable() }),
});
