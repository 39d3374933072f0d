import type { Config } from "../config/config.ts";
import { defaultBillingConfig } from "../config/config.ts";
import { createLocalProvider } from "./local-provider.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the local provider (embedded default, tests). */
export function createPaymentProvider(config: Config): PaymentProvider {
  const billing = config.billing ?? defaultBillingConfig;
  if (billing.stripe) return createStripeProvider(billing.stripe);
  // The local provider's webhooks are signed with a key derived from AUTH_SECRET: nobody outside can forge one.
  return createLocalProvider({ dataDir: config.dataDir, webhookSecret: `whsec_local_${config.authSecret}` });
}
