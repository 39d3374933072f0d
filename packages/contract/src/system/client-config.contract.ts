import { z } from "zod";
import { snsProviderSchema } from "../auth/auth.schema.ts";
import { defineContract } from "../common/define-contract.ts";

export const clientConfigSchema = z
  .object({
    /** Outside production the web app may show links to the dev outbox. */
    environment: z.enum(["development", "test", "production"]),
    terms_version: z.string(),
    links: z.object({
      contact: z.url(),
      terms: z.url(),
      privacy: z.url(),
      company: z.url(),
      manual: z.url(),
    }),
    sns_providers: z.array(z.object({ provider: snsProviderSchema, label: z.string() })),
    /** The largest task attachment the server takes (ATTACHMENT_MAX_BYTES), so that the app refuses bigger ones first. */
    attachment_max_bytes: z.number().int(),
    /** False when no AI service is configured: 「説明を自動作成」 then writes a fixed template, and says so first. */
    ai_configured: z.boolean(),
  })
  .meta({ id: "ClientConfig" });
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigContract = defineContract({
  operationId: "clientConfig",
  method: "GET",
  path: "/app/client-config",
  summary: "What the web app needs before sign-in: external links, terms version, social providers",
  tags: ["system"],
  auth: "none",
  response: clientConfigSchema,
});
