import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { workspaceCodeSchema, workspaceNameSchema, workspaceSchema } from "./workspace.schema.ts";

export const newWorkspaceContract = defineContract({
  operationId: "newWorkspace",
  method: "POST",
  path: "/app/workspace/new",
  summary: "Create a workspace; the caller becomes its owner. Without a code one is generated",
  tags: ["workspace"],
  auth: "bearer",
  body: z.strictObject({ name: workspaceNameSchema, code: workspaceCodeSchema.optional() }),
  status: 201,
  response: workspaceSchema,
});
