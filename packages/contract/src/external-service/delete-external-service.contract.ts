import { idParamsSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const deleteExternalServiceContract = defineContract({
  operationId: "deleteExternalService",
  method: "DELETE",
  path: "/app/workspace-external-service/{id}",
  summary:
    "Disconnects (manage_integrations): revokes the token at the provider, removes the connection, its routes, people's links and waiting deliveries",
  tags: ["external-service"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});
