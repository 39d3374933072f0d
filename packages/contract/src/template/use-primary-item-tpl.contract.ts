import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { exactlyOneParent, usedPrimaryItemSchema, useTemplateFields } from "./use-template.schema.ts";

export const usePrimaryItemTplBodySchema = z
  .strictObject({ ...useTemplateFields, project_id: idSchema.optional(), meeting_id: idSchema.optional() })
  .refine(exactlyOneParent(["project_id", "meeting_id"]), {
    error: "プロジェクトか会議のどちらか一方を指定してください",
    path: ["project_id"],
  });

export const usePrimaryItemTplContract = defineContract({
  operationId: "usePrimaryItemTpl",
  method: "POST",
  path: "/app/primary-item-tpl/use",
  summary:
    "Make primary items with their secondary items and tasks from templates, last in a project or a meeting's agenda, dated from start_date, in one transaction",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  body: usePrimaryItemTplBodySchema,
  status: 201,
  response: z.object({ items: z.array(usedPrimaryItemSchema) }),
});
