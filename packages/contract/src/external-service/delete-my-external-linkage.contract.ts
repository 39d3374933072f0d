import { okSchema, workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceParamsSchema } from "./external-service.schema.ts";

export const deleteMyExternalLinkageContract = defineContract({
  operationId: "deleteMyExternalLinkage",
  method: "DELETE",
  path: "/app/my-external-linkage/{service}",
  summary: "Unlinks the caller's account (their waiting deliveries there are dropped)",
  tags: ["external-service"],
  auth: "bearer",
  params: externalServiceParamsSchema,
  query: workspaceQuerySchema,
  response: okSchema,
});
