import { z } from "zod";
import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { creditCardSchema } from "./credit-card.schema.ts";

export const listCreditCardsContract = defineContract({
  operationId: "listCreditCards",
  method: "GET",
  path: "/app/credit-card/list-all",
  summary: "The workspace's cards (manage_billing): brand, last 4 digits, expiry, which is the default",
  tags: ["billing"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({ items: z.array(creditCardSchema) }),
});
