import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceExternalServiceSchema } from "./external-service.schema.ts";

export const getExternalServiceContract = defineContract({
  operationId: "getExternalService",
  method: "GET",
  path: "/app/workspace-external-service/{id}",
  summary: "One connection with its state and group / project routes (any member reads)",
  tags: ["external-service"],
  auth: "bearer",
  params: idParamsSchema,
  response: workspaceExternalServiceSchema,
});
