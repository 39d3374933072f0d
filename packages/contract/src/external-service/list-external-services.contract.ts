import { z } from "zod";
import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceAvailabilitySchema, workspaceExternalServiceSchema } from "./external-service.schema.ts";

export const listExternalServicesContract = defineContract({
  operationId: "listExternalServices",
  method: "GET",
  path: "/app/workspace-external-service/list-all",
  summary:
    "The workspace's Slack / Chatwork connections and which services the operator configured (any member reads; tokens never appear)",
  tags: ["external-service"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({
    items: z.array(workspaceExternalServiceSchema),
    services: z.array(externalServiceAvailabilitySchema),
  }),
});
