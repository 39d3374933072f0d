import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceSchema } from "./workspace.schema.ts";

export const getWorkspaceContract = defineContract({
  operationId: "getWorkspace",
  method: "GET",
  path: "/app/workspace/{id}",
  summary: "One workspace (its active staff only)",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  response: workspaceSchema,
});
