import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { workspaceCodeSchema, workspaceNameSchema, workspaceSchema } from "./workspace.schema.ts";

export const updateWorkspaceContract = defineContract({
  method: "PATCH",
  path: "/app/workspace/{id}",
  summary: "Rename a workspace or change its code (owner and admin)",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ name: workspaceNameSchema.optional(), code: workspaceCodeSchema.optional() }),
  response: workspaceSchema,
});
