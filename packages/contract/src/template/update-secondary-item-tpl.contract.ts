import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { secondaryItemTplPatchSchema, secondaryItemTplSchema } from "./template.schema.ts";

export const updateSecondaryItemTplContract = defineContract({
  operationId: "updateSecondaryItemTpl",
  method: "PATCH",
  path: "/app/secondary-item-tpl/{id}",
  summary:
    "Edit a secondary item template (manage_templates): only the fields sent change; a list of children sent replaces the old one whole",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  body: secondaryItemTplPatchSchema,
  response: secondaryItemTplSchema,
});
