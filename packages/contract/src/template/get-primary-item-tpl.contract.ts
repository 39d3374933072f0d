import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { primaryItemTplSchema } from "./template.schema.ts";

export const getPrimaryItemTplContract = defineContract({
  operationId: "getPrimaryItemTpl",
  method: "GET",
  path: "/app/primary-item-tpl/{id}",
  summary: "One primary item template with its tree",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  params: idParamsSchema,
  response: primaryItemTplSchema,
});
