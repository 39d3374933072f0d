import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

/**
 * The payment provider's events (Stripe's webhook, or the local provider's): the raw body is verified with the
 * signing secret (`stripe-signature`), and each event is handled once however often it is delivered.
 */
export const paymentWebhookContract = defineContract({
  operationId: "receivePaymentWebhook",
  method: "POST",
  path: "/app/payment/webhook",
  summary: "Payment provider events (signed; replays change nothing)",
  tags: ["billing"],
  auth: "none",
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
});
