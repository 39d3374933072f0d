import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { aiPrimaryTplSchema, templateGeneratorSchema } from "./ai-template.schema.ts";

export const aiTplListQuerySchema = z.object({
  workspace_id: idSchema,
  /** A 業種 of `business-category/list-all`; the workspace's own (its company's) by default. */
  business_category_id: z.string().trim().min(1).max(64).optional(),
});

export const listAiPrimaryTplsContract = defineContract({
  operationId: "listAiPrimaryTpls",
  method: "GET",
  path: "/app/ai-primary-tpl/list",
  summary:
    "The read-only catalogue of primary item templates (with their secondary items and tasks) for a 業種, the workspace's own by default; `business_category_id` is null when neither is known and the list is then empty",
  tags: ["ai-tpl"],
  auth: "bearer",
  query: aiTplListQuerySchema,
  response: z.object({
    items: z.array(aiPrimaryTplSchema),
    business_category_id: z.string().nullable(),
    generator: templateGeneratorSchema,
  }),
});
