import { defineContract } from "../common/define-contract.ts";
import { pageOf } from "../common/list.schema.ts";
import { secondaryItemTplSchema, templateListQuerySchema } from "./template.schema.ts";

export const listSecondaryItemTplsContract = defineContract({
  operationId: "listSecondaryItemTpls",
  method: "GET",
  path: "/app/secondary-item-tpl/list",
  summary:
    "The workspace's secondary item templates with their trees, in their manual order, searched by `q` (name, description); for those who may edit or use templates",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  query: templateListQuerySchema,
  response: pageOf(secondaryItemTplSchema),
});
