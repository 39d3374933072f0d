import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceNameSchema } from "./external-service.schema.ts";

export const externalServiceCallbackContract = defineContract({
  operationId: "externalServiceCallback",
  method: "POST",
  path: "/app/workspace-external-service/callback",
  summary:
    "Completes an OAuth consent (the web page at the redirect URI hands over code and state): a workspace connection, the caller's own Chatwork link, or their Sign in with Slack",
  tags: ["external-service"],
  auth: "bearer",
  body: z.strictObject({ code: z.string().min(1).max(2000), state: z.string().min(1).max(4000) }),
  response: z.object({
    target: z.enum(["workspace", "personal"]),
    service: externalServiceNameSchema,
    workspace_id: idSchema,
  }),
});
