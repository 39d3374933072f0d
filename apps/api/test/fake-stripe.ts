import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the part of Stripe's API the adapter uses (form-encoded bodies, bearer secret
 * key, idempotency keys, Stripe's error objects), driven by the real `stripe` SDK in tests. `attachCard` stands
 * in for Stripe.js confirming a SetupIntent in the browser.
 */
export interface FakeStripeCard {
  brand: string;
  last4: string;
  /** A charge on it is declined (402 card_error), as Stripe's 4000 0000 0000 0002 is. */
  declines?: boolean;
}

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  declines: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export async function startFakeStripe(secretKey: string) {
  const customers = new Map<
    string,
    { id: string; object: "customer"; name: string; metadata: Record<string, string>; default_pm: string | null }
  >();
  const paymentMethods = new Map<string, PaymentMethod>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];

  const publicPm = ({ declines: _, ...pm }: PaymentMethod) => pm;

  function handle(method: string, path: string, form: Record<string, string>, query: URLSearchParams) {
    const error = (status: number, body: object) => ({ status, body: { error: body } });
    const customerPath = path.match(/^\/v1\/customers\/([^/]+)$/);
    const detachPath = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer" as const,
        name: form.name ?? "",
        metadata: { workspace_id: form["metadata[workspace_id]"] ?? "" },
        default_pm: null,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && customerPath) {
      const customer = customers.get(customerPath[1]!);
      if (!customer)
        return error(404, { type: "invalid_request_error", code: "resource_missing", message: "No such customer" });
      customer.default_pm = form["invoice_settings[default_payment_method]"] ?? customer.default_pm;
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      if (!customers.has(form.customer ?? "")) {
        return error(400, { type: "invalid_request_error", code: "resource_missing", message: "No such customer" });
      }
      const intentId = id("seti");
      return {
        status: 200,
        body: {
          id: intentId,
          object: "setup_intent",
          client_secret: `${intentId}_secret_${randomBytes(6).toString("hex")}`,
          customer: form.customer,
          usage: form.usage,
          status: "requires_payment_method",
        },
      };
    }
    if (method === "GET" && path === "/v1/payment_methods") {
      const data = [...paymentMethods.values()].filter((pm) => pm.customer === query.get("customer")).map(publicPm);
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/payment_methods" } };
    }
    if (method === "POST" && detachPath) {
      const pm = paymentMethods.get(detachPath[1]!);
      if (!pm)
        return error(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such PaymentMethod",
        });
      pm.customer = null;
      return { status: 200, body: publicPm(pm) };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pm = paymentMethods.get(form.payment_method ?? "");
      const intent: Record<string, unknown> = {
        id: id("pi"),
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: form.payment_method,
        metadata: { invoice_id: form["metadata[invoice_id]"] },
        status: "succeeded",
      };
      if (!pm || pm.customer !== form.customer || pm.declines) {
        intent.status = "requires_payment_method";
        paymentIntents.set(intent.id as string, intent);
        return error(402, {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
          payment_intent: intent,
        });
      }
      paymentIntents.set(intent.id as string, intent);
      return { status: 200, body: intent };
    }
    return error(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, form, idempotencyKey: key });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      // A request repeated with its idempotency key gets the first answer again, doing nothing twice.
      const remembered = key ? idempotent.get(`${req.method} ${url.pathname} ${key}`) : undefined;
      if (remembered) {
        send(remembered.status, remembered.body);
        return;
      }
      const answer = handle(req.method ?? "GET", url.pathname, form, url.searchParams);
      if (key) idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    paymentIntents,
    /** What Stripe.js does when the person confirms the SetupIntent with their card. */
    attachCard(customerId: string, card: FakeStripeCard): string {
      const pm: PaymentMethod = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer: customerId,
        card: { brand: card.brand, last4: card.last4, exp_month: 8, exp_year: 2031 },
        declines: card.declines ?? false,
      };
      paymentMethods.set(pm.id, pm);
      return pm.id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
