import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceUserMeSchema } from "./workspace-user.schema.ts";

export const getWorkspaceUserMeContract = defineContract({
  operationId: "getWorkspaceUserMe",
  method: "GET",
  path: "/app/workspace-user/me",
  summary: "The caller's staff record in a workspace, with the permissions their role has there",
  tags: ["workspace-user"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: workspaceUserMeSchema,
});
