import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceNameSchema, workspaceExternalServiceSchema } from "./external-service.schema.ts";

export const newExternalServiceContract = defineContract({
  operationId: "newExternalService",
  method: "POST",
  path: "/app/workspace-external-service/new",
  summary:
    "Starts connecting Slack or Chatwork (manage_integrations, premium): the connection (pending, or the broken one to reconnect) and the provider's consent URL; the callback completes it",
  tags: ["external-service"],
  auth: "bearer",
  body: z.strictObject({ workspace_id: idSchema, service: externalServiceNameSchema }),
  status: 201,
  response: workspaceExternalServiceSchema.extend({ authorize_url: z.url() }),
});
