import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChargeResult, LocalTestCard, PaymentProvider, ProviderCard, ProviderEvent } from "./payment-provider.ts";
import { WebhookSignatureError } from "./payment-provider.ts";

export const LOCAL_TEST_CARDS: readonly LocalTestCard[] = [
  { id: "visa_ok", label: "Visa（決済成功）", brand: "visa", last4: "4242", outcome: "succeeds" },
  { id: "mastercard_ok", label: "Mastercard（決済成功）", brand: "mastercard", last4: "4444", outcome: "succeeds" },
  { id: "jcb_ok", label: "JCB（決済成功）", brand: "jcb", last4: "0505", outcome: "succeeds" },
  { id: "visa_declined", label: "Visa（カード会社が拒否）", brand: "visa", last4: "0002", outcome: "declined" },
  { id: "visa_no_funds", label: "Visa（残高不足）", brand: "visa", last4: "9995", outcome: "insufficient_funds" },
];

interface State {
  customers: Record<string, { cards: (ProviderCard & { testCardId: string })[]; defaultCard: string | null }>;
  charges: Record<string, ChargeResult>;
}

/**
 * The embedded default's payment provider: no network, test cards only. Its state is a small JSON file in
 * DATA_DIR (memory only in tests), so cards added under `npm start` survive a restart. Webhooks are signed with
 * the same scheme as Stripe's (`t=…,v1=HMAC-SHA256(t.body)`) so that one verification path is tested.
 */
export function createLocalProvider(options: { dataDir: string; webhookSecret: string }): PaymentProvider {
  const file = options.dataDir.startsWith("memory://") ? null : path.join(options.dataDir, "local-payments.json");
  const state: State =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as State) : { customers: {}, charges: {} };
  const save = () => {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(state));
  };
  const customer = (id: string) => {
    const found = state.customers[id];
    if (!found) throw new Error(`local provider: no customer ${id}`);
    return found;
  };
  const id = (prefix: string) => `${prefix}_local_${randomBytes(8).toString("hex")}`;

  return {
    name: "local",
    publishableKey: null,
    testCards: LOCAL_TEST_CARDS,
    async createCustomer() {
      const customerId = id("cus");
      state.customers[customerId] = { cards: [], defaultCard: null };
      save();
      return customerId;
    },
    async createSetupIntent(customerId) {
      customer(customerId);
      const setupId = id("seti");
      return { id: setupId, clientSecret: `${setupId}_secret_${randomBytes(8).toString("hex")}` };
    },
    async confirmTestCard(customerId, testCardId) {
      const card = LOCAL_TEST_CARDS.find((c) => c.id === testCardId);
      if (!card) throw new Error(`local provider: no test card ${testCardId}`);
      const c = customer(customerId);
      c.cards.push({
        id: id("pm"),
        brand: card.brand,
        last4: card.last4,
        expMonth: 12,
        expYear: 2030,
        testCardId: card.id,
      });
      save();
    },
    async listCards(customerId) {
      return customer(customerId).cards.map(({ testCardId: _, ...card }) => card);
    },
    async detachCard(paymentMethodId) {
      for (const c of Object.values(state.customers)) c.cards = c.cards.filter((card) => card.id !== paymentMethodId);
      save();
    },
    async setDefaultCard(customerId, paymentMethodId) {
      customer(customerId).defaultCard = paymentMethodId;
      save();
    },
    async charge(input) {
      const previous = state.charges[input.idempotencyKey];
      if (previous) return previous;
      const card = customer(input.customerId).cards.find((c) => c.id === input.paymentMethodId);
      const outcome = LOCAL_TEST_CARDS.find((c) => c.id === card?.testCardId)?.outcome ?? "declined";
      const paymentId = id("pi");
      const result: ChargeResult =
        outcome === "succeeds"
          ? { status: "succeeded", paymentId }
          : {
              status: "failed",
              paymentId,
              code: outcome === "declined" ? "card_declined" : "insufficient_funds",
              message: outcome === "declined" ? "Your card was declined." : "Your card has insufficient funds.",
            };
      state.charges[input.idempotencyKey] = result;
      save();
      return result;
    },
    verifyWebhook(rawBody, signature, now) {
      return verifyStripeStyleSignature(rawBody, signature, options.webhookSecret, now);
    },
  };
}

/** Stripe's scheme, for the local provider's events: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, 5 minutes. */
export function verifyStripeStyleSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  now: Date,
): ProviderEvent {
  const parts = Object.fromEntries((signature ?? "").split(",").map((kv) => kv.split("=", 2) as [string, string]));
  const timestamp = signatureTimestamp(signature);
  const expected = createHmac("sha256", secret)
    .update(`${parts.t}.${rawBody.toString("utf8")}`)
    .digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  if (!parts.t || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookSignatureError("signature does not match");
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > 300) throw new WebhookSignatureError("timestamp too old");
  const event = JSON.parse(rawBody.toString("utf8"));
  return readEvent(event);
}

/**
 * The `t=` of a Stripe-style signature header, in seconds, read strictly: every `t` must be decimal digits.
 * `Number("abc")` is NaN and `NaN > 300` is false, so a signature over a `t` that is not a number would never
 * expire (Stripe's SDK reads it with parseInt and signs `NaN.body` the same way); one parse for both providers.
 */
export function signatureTimestamp(signature: string | undefined): number {
  const stamps = (signature ?? "")
    .split(",")
    .filter((item) => item.startsWith("t="))
    .map((item) => item.slice(2));
  if (stamps.length !== 1 || !/^\d{1,12}$/.test(stamps[0]!)) {
    throw new WebhookSignatureError("the signature's timestamp is missing or not a number");
  }
  return Number(stamps[0]);
}

/** The fields Tasuki reads of a Stripe event object (the local provider sends the same shape). */
// biome-ignore lint/suspicious/noExplicitAny: the provider's JSON
export function readEvent(event: any): ProviderEvent {
  const object = event?.data?.object ?? {};
  const isPayment = typeof event?.type === "string" && event.type.startsWith("payment_intent.");
  return {
    id: String(event?.id ?? ""),
    type: String(event?.type ?? ""),
    customerId: typeof object.customer === "string" ? object.customer : null,
    payment: isPayment
      ? {
          id: String(object.id),
          status: String(object.status ?? ""),
          invoiceId: typeof object.metadata?.invoice_id === "string" ? object.metadata.invoice_id : null,
          failureMessage: object.last_payment_error?.message ?? null,
        }
      : null,
  };
}
