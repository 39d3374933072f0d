import { z } from "zod";
import { authorityRulesSchema } from "../authority/authority.schema.ts";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import {
  baseNamesSchema,
  dateStyleSchema,
  workspaceCodeSchema,
  workspaceNameSchema,
  workspaceSchema,
} from "./workspace.schema.ts";

export const updateWorkspaceContract = defineContract({
  operationId: "updateWorkspace",
  method: "PATCH",
  path: "/app/workspace/{id}",
  summary:
    "Rename a workspace or change its code (manage_org_definitions), its base names or date style (manage_org_definitions) or its authority rules (owner only)",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({
    name: workspaceNameSchema.optional(),
    code: workspaceCodeSchema.optional(),
    base_names: baseNamesSchema.optional(),
    authority_rules: authorityRulesSchema.optional(),
    date_style: dateStyleSchema.optional(),
  }),
  response: workspaceSchema,
});
