import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { primaryItemSchema } from "./primary-item.schema.ts";

export const duplicatePrimaryItemContract = defineContract({
  operationId: "duplicatePrimaryItem",
  method: "POST",
  path: "/app/primary-item/{id}/duplicate",
  summary:
    "Copy a primary item with its live secondary items and tasks (tasks not started), placed last in its project",
  tags: ["primary-item"],
  auth: "bearer",
  params: idParamsSchema,
  status: 201,
  response: primaryItemSchema,
});
