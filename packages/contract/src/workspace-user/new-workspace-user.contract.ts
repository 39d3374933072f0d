import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { staffFieldsSchema, workspaceUserSchema } from "./workspace-user.schema.ts";

export const newWorkspaceUserContract = defineContract({
  operationId: "newWorkspaceUser",
  method: "POST",
  path: "/app/workspace-user/new",
  summary:
    "Invite a staff member by e-mail (manage_staff): the record is `invited` until they join through the mailed link",
  tags: ["workspace-user"],
  auth: "bearer",
  body: staffFieldsSchema.extend({ workspace_id: idSchema }),
  status: 201,
  response: workspaceUserSchema,
});

export const acceptInvitationContract = defineContract({
  operationId: "acceptInvitation",
  method: "POST",
  path: "/app/workspace-user/accept-invitation",
  summary: "Join a workspace with the token of an invitation mail (the signed-in user becomes that staff member)",
  tags: ["workspace-user"],
  auth: "bearer",
  body: z.strictObject({ token: z.string().min(1).max(200) }),
  response: workspaceUserSchema,
});
