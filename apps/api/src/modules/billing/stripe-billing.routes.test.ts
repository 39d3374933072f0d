import { createHmac } from "node:crypto";
import { getInvoiceContract } from "@tasuki/contract/billing/invoice-get.contract";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import { paymentClientSecretContract, syncPaymentContract } from "@tasuki/contract/billing/workspace-billing.contracts";
/**
 * The Stripe adapter end to end: the API configured with a Stripe secret key talks through the official `stripe`
 * SDK to a local server speaking Stripe's API (test/fake-stripe.ts): a customer and a SetupIntent for adding a
 * card, the cards pulled back, an off-session PaymentIntent per invoice with an idempotency key, a declined
 * card, and webhooks signed with the signing secret (Stripe's own test header), forged or replayed.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe } from "../../../test/fake-stripe.ts";
import { createTestApp, errorBody, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { defaultBillingConfig } from "../../config/config.ts";

const SECRET = "sk_test_tasuki_local";
const WEBHOOK_SECRET = "whsec_test_tasuki_local";

let t: TestApp;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  stripe = await startFakeStripe(SECRET);
  t = await createTestApp({
    start: new Date("2026-12-02T01:00:00Z"),
    config: {
      billing: {
        ...defaultBillingConfig,
        stripe: {
          secretKey: SECRET,
          publishableKey: "pk_test_tasuki",
          webhookSecret: WEBHOOK_SECRET,
          apiUrl: stripe.url,
        },
      },
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const customerOf = (workspaceId: string) =>
  [...stripe.customers.values()].find((c) => c.metadata.workspace_id === workspaceId)!.id;

describe("the Stripe adapter", () => {
  it("adds a card through a SetupIntent and charges each invoice off-session once", async () => {
    const o = await signUpWithWorkspace(t, "株式会社ストライプ検証");
    const ws = o.workspace.id;
    const token = o.tokens.access_token;
    const secret = await t.api.call(paymentClientSecretContract, { params: { id: ws } }, { token });
    expect(secret.body).toMatchObject({ provider: "stripe", publishable_key: "pk_test_tasuki", test_cards: [] });
    expect(secret.body.client_secret).toMatch(/^seti_\w+_secret_/);
    const customer = customerOf(ws);
    expect(stripe.requests.find((r) => r.path === "/v1/setup_intents")?.form).toMatchObject({
      customer,
      usage: "off_session",
    });

    // The person confirms the SetupIntent in Stripe Elements; the page then asks the API to sync.
    const pm = stripe.attachCard(customer, { brand: "visa", last4: "4242" });
    const cards = await t.api.call(syncPaymentContract, { params: { id: ws }, body: {} }, { token });
    expect(cards.body.items).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", exp_month: 8, exp_year: 2031, is_default: true }),
    ]);
    expect(stripe.customers.get(customer)?.default_pm).toBe(pm);
    // Test cards are the local provider's only.
    expect(
      (await t.api.call(syncPaymentContract, { params: { id: ws }, body: { local_test_card: "visa_ok" } }, { token }))
        .status,
    ).toBe(400);

    const contract = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "premium",
          payment_method: "card",
        },
      },
      { token },
    );
    expect(contract.status).toBe(201);
    const invoice = (await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token })).body.items[0]!;
    expect(invoice).toMatchObject({ status: "paid", total: 1320 });
    const charge = stripe.requests.find((r) => r.path === "/v1/payment_intents")!;
    expect(charge.form).toMatchObject({
      amount: "1320",
      currency: "jpy",
      customer,
      payment_method: pm,
      off_session: "true",
      confirm: "true",
      "metadata[invoice_id]": invoice.id,
    });
    expect(charge.idempotencyKey).toBe(`invoice-${invoice.id}-attempt-1`);
  });

  it("keeps a declined charge open with Stripe's reason and retries it later", async () => {
    const o = await signUpWithWorkspace(t, "株式会社残高不足");
    const ws = o.workspace.id;
    const token = o.tokens.access_token;
    await t.api.call(paymentClientSecretContract, { params: { id: ws } }, { token });
    stripe.attachCard(customerOf(ws), { brand: "mastercard", last4: "0002", declines: true });
    await t.api.call(syncPaymentContract, { params: { id: ws }, body: {} }, { token });
    expect(
      (
        await t.api.call(
          newPlanContractContract,
          {
            body: {
              workspace_id: ws,
              plan: "standard",
              payment_method: "card",
            },
          },
          { token },
        )
      ).status,
    ).toBe(201);
    const invoice = (await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token })).body.items[0]!;
    expect(invoice.status).toBe("open");
  });

  it("verifies webhooks with the signing secret and handles each event once", async () => {
    const o = await signUpWithWorkspace(t, "株式会社振込確認");
    const ws = o.workspace.id;
    const token = o.tokens.access_token;
    await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "standard",
          payment_method: "bank_transfer",
        },
      },
      { token },
    );
    const invoice = (await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token })).body.items[0]!;
    expect(invoice.status).toBe("open");
    const payload = JSON.stringify({
      id: "evt_test_paid_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: {
        object: {
          id: "pi_test_paid_1",
          object: "payment_intent",
          status: "succeeded",
          metadata: { invoice_id: invoice.id },
        },
      },
    });
    const timestamp = Math.floor(t.ctx.now().getTime() / 1000);
    const header = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const send = (signature: string, body = payload) =>
      t.api.raw({
        method: "POST",
        url: "/app/payment/webhook",
        payload: body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });

    const forged = await send(header("whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ ...errorBody, code: "invalid_signature" });
    // The body changed after signing: refused too.
    expect((await send(header(WEBHOOK_SECRET), payload.replace("succeeded", "succeeded "))).status).toBe(400);
    expect((await t.api.call(getInvoiceContract, { params: { id: invoice.id } }, { token })).body.status).toBe("open");

    expect((await send(header(WEBHOOK_SECRET))).body).toEqual({ received: true, duplicate: false });
    expect((await t.api.call(getInvoiceContract, { params: { id: invoice.id } }, { token })).body.status).toBe("paid");
    expect((await send(header(WEBHOOK_SECRET))).body).toEqual({ received: true, duplicate: true });
    // Signed with the secret over a timestamp that is not a number: the SDK reads NaN and would never expire it.
    const nan = `t=NaN,v1=${createHmac("sha256", WEBHOOK_SECRET).update(`NaN.${payload}`).digest("hex")}`;
    expect(await send(nan)).toMatchObject({ status: 400, body: { code: "invalid_signature" } });
  });
});
