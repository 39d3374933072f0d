import { z } from "zod";
import { idSchema, workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const partnerSchema = z
  .object({ code: z.string(), name: z.string(), discount_percent: z.number().int() })
  .meta({ id: "Partner" });
export type Partner = z.infer<typeof partnerSchema>;

export const getMyPartnerContract = defineContract({
  operationId: "getMyPartner",
  method: "GET",
  path: "/app/partner/me",
  summary: "The partner recorded on the workspace's current contract, or null (manage_billing)",
  tags: ["billing"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({ partner: partnerSchema.nullable() }),
});

export const verifyPartnerCodeContract = defineContract({
  operationId: "verifyPartnerCode",
  method: "POST",
  path: "/app/partner/verify-partner-code",
  summary: "Tells whether a partner code exists and what it gives (manage_billing of the workspace)",
  tags: ["billing"],
  auth: "bearer",
  body: z.object({
    workspace_id: idSchema,
    code: z.string().trim().min(1, { error: "パートナーコードを入力してください" }).max(40),
  }),
  response: z.object({ valid: z.boolean(), partner: partnerSchema.nullable() }),
});
