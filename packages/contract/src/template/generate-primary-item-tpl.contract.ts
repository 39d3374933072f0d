import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { templateGeneratorSchema } from "./ai-template.schema.ts";
import { primaryItemTplTreeSchema } from "./template.schema.ts";

export const generatePrimaryItemTplBodySchema = z.strictObject({
  workspace_id: idSchema,
  /** 目的: what the template is for, in the user's words (e.g. 「秋の展示会に出展する」). */
  goal: z
    .string()
    .trim()
    .min(1, { error: "目的を入力してください" })
    .max(500, { error: "目的は500文字以内で入力してください" }),
  /** The 業種; the workspace's own by default. */
  business_category_id: z.string().trim().min(1).max(64).optional(),
});

export const generatePrimaryItemTplContract = defineContract({
  operationId: "generatePrimaryItemTpl",
  method: "POST",
  path: "/app/ai-primary-tpl/generate",
  summary:
    "「AIで作成」: a primary item template draft from a goal and the 業種, through the AI provider as structured JSON validated against the template schema (a failing or invalid answer: 502 ai_unavailable), or the deterministic generator without one (`generator: template`). Nothing is saved: the draft is reviewed, then saved with `primary-item-tpl/new` (manage_templates)",
  tags: ["ai-tpl"],
  auth: "bearer",
  body: generatePrimaryItemTplBodySchema,
  response: z.object({ draft: primaryItemTplTreeSchema, generator: templateGeneratorSchema }),
});
