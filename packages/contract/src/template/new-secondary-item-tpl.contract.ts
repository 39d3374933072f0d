import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { secondaryItemTplSchema, secondaryItemTplTreeShape, templateOriginSchema } from "./template.schema.ts";

export const newSecondaryItemTplBodySchema = z.strictObject({
  workspace_id: idSchema,
  ...secondaryItemTplTreeShape,
  origin: templateOriginSchema.exclude(["saved"]).default("manual"),
});

export const newSecondaryItemTplContract = defineContract({
  operationId: "newSecondaryItemTpl",
  method: "POST",
  path: "/app/secondary-item-tpl/new",
  summary: "Create a secondary item template with its tasks (manage_templates)",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  body: newSecondaryItemTplBodySchema,
  status: 201,
  response: secondaryItemTplSchema,
});
