import Stripe from "stripe";
import { readEvent, signatureTimestamp } from "./local-provider.ts";
import { type PaymentProvider, WebhookSignatureError } from "./payment-provider.ts";

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Another base URL than api.stripe.com (a local server speaking Stripe's API in tests). */
  apiUrl: string | undefined;
}

/** The Stripe adapter: customers, SetupIntents for cards, off-session PaymentIntents per invoice, webhooks. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });

  return {
    name: "stripe",
    publishableKey: options.publishableKey ?? null,
    testCards: [],
    async createCustomer(input) {
      const customer = await stripe.customers.create(
        {
          name: input.name,
          ...(input.email ? { email: input.email } : {}),
          metadata: { workspace_id: input.workspaceId },
        },
        { idempotencyKey: `customer-${input.workspaceId}` },
      );
      return customer.id;
    },
    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: "off_session",
      });
      return { id: intent.id, clientSecret: intent.client_secret ?? "" };
    },
    async listCards(customerId) {
      const list = await stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 });
      return list.data.map((pm) => ({
        id: pm.id,
        brand: pm.card?.brand ?? "unknown",
        last4: pm.card?.last4 ?? "????",
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
      }));
    },
    async detachCard(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },
    async setDefaultCard(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    },
    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: "jpy",
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { invoice_id: input.invoiceId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === "succeeded") return { status: "succeeded", paymentId: intent.id };
        return {
          status: "failed",
          paymentId: intent.id,
          code: intent.status,
          message: intent.last_payment_error?.message ?? intent.status,
        };
      } catch (error) {
        // A decline is an answer, not a fault: Stripe answers 402 with the intent and the card's code.
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: "failed",
            paymentId: error.payment_intent?.id ?? null,
            code: error.decline_code ?? error.code ?? "card_error",
            message: error.message,
          };
        }
        throw error;
      }
    },
    verifyWebhook(rawBody, signature, now) {
      if (!options.webhookSecret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set");
      signatureTimestamp(signature);
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? "",
          options.webhookSecret,
          300,
          undefined,
          Math.floor(now.getTime() / 1000),
        );
        return readEvent(event);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "invalid signature");
      }
    },
  };
}
