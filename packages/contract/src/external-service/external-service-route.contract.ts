import { z } from "zod";
import { idParamsSchema, idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceExternalServiceSchema } from "./external-service.schema.ts";

export const putExternalServiceRouteContract = defineContract({
  operationId: "putExternalServiceRoute",
  method: "PUT",
  path: "/app/workspace-external-service/{id}/route",
  summary:
    "Sets (or with channel_id null removes) the channel / room a group's or project's notices also go to (manage_integrations)",
  tags: ["external-service"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({
    target_type: z.enum(["group", "project"]),
    target_id: idSchema,
    channel_id: z.string().trim().min(1).max(100).nullable(),
  }),
  response: workspaceExternalServiceSchema,
});
