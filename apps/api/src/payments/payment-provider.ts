/**
 * What Tasuki asks of a payment provider. Tasuki keeps its own invoices (適格請求書); the provider holds the
 * cards and makes the charges. Two implementations: Stripe (`stripe-provider.ts`, production) and the local
 * provider (`local-provider.ts`: `npm start`, tests, demos; test cards chosen from a list, never typed).
 * Amounts are yen (JPY is a zero-decimal currency: 500 is ¥500).
 */
export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult =
  | { status: "succeeded"; paymentId: string }
  | { status: "failed"; paymentId: string | null; code: string; message: string };

/** A webhook event, after its signature was verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId: string | null;
  /** For payment events: the charge and the Tasuki invoice it was for (metadata). */
  payment: { id: string; status: string; invoiceId: string | null; failureMessage: string | null } | null;
}

export interface LocalTestCard {
  id: string;
  label: string;
  brand: string;
  last4: string;
  /** What a charge on it does. */
  outcome: "succeeds" | "declined" | "insufficient_funds";
}

export interface PaymentProvider {
  readonly name: "stripe" | "local";
  /** Stripe Elements' publishable key; null for the local provider. */
  readonly publishableKey: string | null;
  /** The local provider's test cards (the web app lists them instead of Elements); empty for Stripe. */
  readonly testCards: readonly LocalTestCard[];
  createCustomer(input: { workspaceId: string; name: string; email: string | null }): Promise<string>;
  /** A SetupIntent for adding a card off-session; the client secret goes to the browser. */
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** The local provider's stand-in for Stripe.js confirming a SetupIntent with a chosen test card. */
  confirmTestCard?(customerId: string, testCardId: string): Promise<void>;
  listCards(customerId: string): Promise<ProviderCard[]>;
  detachCard(paymentMethodId: string): Promise<void>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** An off-session charge of one invoice; the idempotency key makes a retried request charge once. */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    invoiceId: string;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** Verifies the signature (throws when it does not match) and reads the event. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): ProviderEvent;
}

export class WebhookSignatureError extends Error {}
