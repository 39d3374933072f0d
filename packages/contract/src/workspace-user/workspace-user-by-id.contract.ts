import { z } from "zod";
import { idParamsSchema, okSchema, workspaceUserStatusSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { positionBodySchema } from "../common/list.schema.ts";
import { staffUpdateSchema, workspaceUserSchema } from "./workspace-user.schema.ts";

export const getWorkspaceUserContract = defineContract({
  operationId: "getWorkspaceUser",
  method: "GET",
  path: "/app/workspace-user/{id}",
  summary: "One staff record (members of the same workspace)",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  response: workspaceUserSchema,
});

export const updateWorkspaceUserContract = defineContract({
  operationId: "updateWorkspaceUser",
  method: "PATCH",
  path: "/app/workspace-user/{id}",
  summary:
    "Edit a staff record (manage_staff). Only an owner grants or removes the owner role; the last owner keeps it",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  body: staffUpdateSchema,
  response: workspaceUserSchema,
});

export const deleteWorkspaceUserContract = defineContract({
  operationId: "deleteWorkspaceUser",
  method: "DELETE",
  path: "/app/workspace-user/{id}",
  summary: "Move a staff record to the trash (manage_staff); never the last owner",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putWorkspaceUserStatusContract = defineContract({
  operationId: "putWorkspaceUserStatus",
  method: "PUT",
  path: "/app/workspace-user/{id}/status",
  summary: "Suspend, retire or reactivate a staff member (manage_staff); their requests are refused at once",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ status: workspaceUserStatusSchema.exclude(["invited"]) }),
  response: workspaceUserSchema,
});

export const putWorkspaceUserPositionContract = defineContract({
  operationId: "putWorkspaceUserPosition",
  method: "PUT",
  path: "/app/workspace-user/{id}/position",
  summary: "Move a staff record between two others in the manual order (manage_staff)",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: workspaceUserSchema,
});

export const restoreWorkspaceUserContract = defineContract({
  operationId: "restoreWorkspaceUser",
  method: "PUT",
  path: "/app/workspace-user/{id}/restoration",
  summary: "Bring a staff record back from the trash (manage_staff)",
  tags: ["workspace-user"],
  auth: "bearer",
  params: idParamsSchema,
  response: workspaceUserSchema,
});
