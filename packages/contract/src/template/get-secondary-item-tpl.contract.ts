import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { secondaryItemTplSchema } from "./template.schema.ts";

export const getSecondaryItemTplContract = defineContract({
  operationId: "getSecondaryItemTpl",
  method: "GET",
  path: "/app/secondary-item-tpl/{id}",
  summary: "One secondary item template with its tree",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: secondaryItemTplSchema,
});
