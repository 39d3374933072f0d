import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { channelOptionSchema } from "./external-service.schema.ts";

export const listExternalServiceChannelsContract = defineContract({
  operationId: "listExternalServiceChannels",
  method: "GET",
  path: "/app/workspace-external-service/{id}/channels",
  summary: "The Slack channels / Chatwork group rooms a route may choose, read from the provider (manage_integrations)",
  tags: ["external-service"],
  auth: "bearer",
  params: idParamsSchema,
  response: z.object({ items: z.array(channelOptionSchema) }),
});
