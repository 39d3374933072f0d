import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { aiSecondaryTplSchema, templateGeneratorSchema } from "./ai-template.schema.ts";
import { aiTplListQuerySchema } from "./list-ai-primary-tpls.contract.ts";

export const listAiSecondaryTplsContract = defineContract({
  operationId: "listAiSecondaryTpls",
  method: "GET",
  path: "/app/ai-secondary-tpl/list",
  summary:
    "The read-only catalogue's secondary item templates (with their tasks) for a 業種, the workspace's own by default, each naming the catalogue primary item template it comes from",
  tags: ["ai-tpl"],
  auth: "bearer",
  query: aiTplListQuerySchema,
  response: z.object({
    items: z.array(aiSecondaryTplSchema),
    business_category_id: z.string().nullable(),
    generator: templateGeneratorSchema,
  }),
});
