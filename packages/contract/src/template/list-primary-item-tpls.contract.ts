import { defineContract } from "../common/define-contract.ts";
import { pageOf } from "../common/list.schema.ts";
import { primaryItemTplSchema, templateListQuerySchema } from "./template.schema.ts";

export const listPrimaryItemTplsContract = defineContract({
  operationId: "listPrimaryItemTpls",
  method: "GET",
  path: "/app/primary-item-tpl/list",
  summary:
    "The workspace's primary item templates with their trees, in their manual order, searched by `q` (name, description); for those who may edit or use templates",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  query: templateListQuerySchema,
  response: pageOf(primaryItemTplSchema),
});
