import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceUserMeSchema, workspaceUserMeUpdateSchema } from "./workspace-user.schema.ts";

export const updateWorkspaceUserMeContract = defineContract({
  operationId: "updateWorkspaceUserMe",
  method: "PATCH",
  path: "/app/workspace-user/me",
  summary: "Edit the caller's own staff profile (names, kana and avatar) in a workspace",
  tags: ["workspace-user"],
  auth: "bearer",
  query: workspaceQuerySchema,
  body: workspaceUserMeUpdateSchema,
  response: workspaceUserMeSchema,
});
