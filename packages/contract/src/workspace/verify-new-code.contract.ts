import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { workspaceCodeSchema } from "./workspace.schema.ts";

export const verifyNewWorkspaceCodeContract = defineContract({
  operationId: "verifyNewWorkspaceCode",
  method: "POST",
  path: "/app/workspace/verify-new-code",
  summary: "Whether a workspace code is free",
  tags: ["workspace"],
  auth: "bearer",
  body: z.strictObject({ code: workspaceCodeSchema }),
  response: z.object({ code: z.string(), available: z.boolean() }),
});
