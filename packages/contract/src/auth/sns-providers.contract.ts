import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";
import { snsProviderSchema } from "./auth.schema.ts";

export const snsProvidersContract = defineContract({
  operationId: "snsProviders",
  method: "GET",
  path: "/app/auth/sns/providers",
  summary: "The social sign-in providers configured on this server",
  tags: ["auth"],
  auth: "none",
  response: z.object({ items: z.array(z.object({ provider: snsProviderSchema, label: z.string() })) }),
});
