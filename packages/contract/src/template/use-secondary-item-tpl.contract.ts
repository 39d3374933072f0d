import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { usedSecondaryItemSchema, useTemplateFields } from "./use-template.schema.ts";

export const useSecondaryItemTplBodySchema = z.strictObject({ ...useTemplateFields, primary_item_id: idSchema });

export const useSecondaryItemTplContract = defineContract({
  operationId: "useSecondaryItemTpl",
  method: "POST",
  path: "/app/secondary-item-tpl/use",
  summary:
    "Make secondary items with their tasks from templates, last under a primary item, dated from start_date, in one transaction",
  tags: ["secondary-item-tpl"],
  auth: "bearer",
  body: useSecondaryItemTplBodySchema,
  status: 201,
  response: z.object({ items: z.array(usedSecondaryItemSchema) }),
});
