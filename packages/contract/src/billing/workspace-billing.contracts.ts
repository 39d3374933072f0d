import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { creditCardSchema } from "./credit-card.schema.ts";
import { planUsageSchema } from "./plan.schema.ts";

export const restoreWorkspaceContract = defineContract({
  operationId: "restoreWorkspace",
  method: "POST",
  path: "/app/workspace/{id}/restore",
  summary:
    "Brings a disabled or locked workspace back (manage_billing): charges what is past due on the default card first; nothing was deleted",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: planUsageSchema,
});

export const disableWorkspaceContract = defineContract({
  operationId: "disableWorkspace",
  method: "PUT",
  path: "/app/workspace/{id}/disable",
  summary: "Disables the workspace on the owner's request (manage_billing): read-only until restored",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: planUsageSchema,
});

export const syncPaymentContract = defineContract({
  operationId: "syncPayment",
  method: "POST",
  path: "/app/workspace/{id}/sync-payment",
  summary:
    "Pulls the provider's cards into the workspace after a card was added (manage_billing); the local provider takes the chosen test card here",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.object({ local_test_card: z.string().max(40).optional() }).default({}),
  response: z.object({ items: z.array(creditCardSchema) }),
});

export const paymentClientSecretContract = defineContract({
  operationId: "getPaymentClientSecret",
  method: "GET",
  path: "/app/workspace/{id}/payment-client-secret",
  summary: "A SetupIntent's client secret for adding a card (manage_billing), with the provider's publishable key",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: z.object({
    provider: z.enum(["stripe", "local"]),
    client_secret: z.string(),
    publishable_key: z.string().nullable(),
    /** The local provider's test cards (choose one; numbers are never typed). */
    test_cards: z.array(z.object({ id: z.string(), label: z.string(), brand: z.string(), last4: z.string() })),
  }),
});
