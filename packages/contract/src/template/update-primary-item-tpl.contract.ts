import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { primaryItemTplPatchSchema, primaryItemTplSchema } from "./template.schema.ts";

export const updatePrimaryItemTplContract = defineContract({
  operationId: "updatePrimaryItemTpl",
  method: "PATCH",
  path: "/app/primary-item-tpl/{id}",
  summary:
    "Edit a primary item template (manage_templates): only the fields sent change; a list of children sent replaces the old one whole",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  body: primaryItemTplPatchSchema,
  response: primaryItemTplSchema,
});
