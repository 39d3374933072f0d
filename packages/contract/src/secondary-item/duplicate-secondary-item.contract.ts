import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { secondaryItemSchema } from "./secondary-item.schema.ts";

export const duplicateSecondaryItemContract = defineContract({
  operationId: "duplicateSecondaryItem",
  method: "POST",
  path: "/app/secondary-item/{id}/duplicate",
  summary: "Copy a secondary item with its live tasks (not started), placed last under its primary item",
  tags: ["secondary-item"],
  auth: "bearer",
  params: idParamsSchema,
  status: 201,
  response: secondaryItemSchema,
});
