import {
  getCompanyContract,
  newCompanyContract,
  updateCompanyContract,
  verifyCompanyCodeContract,
} from "@tasuki/contract/billing/company.contracts";
import { setDefaultCreditCardContract } from "@tasuki/contract/billing/credit-card-default.contract";
import { deleteCreditCardContract } from "@tasuki/contract/billing/credit-card-delete.contract";
import { listCreditCardsContract } from "@tasuki/contract/billing/credit-card-list.contract";
import { getInvoiceContract } from "@tasuki/contract/billing/invoice-get.contract";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { getMyPartnerContract, verifyPartnerCodeContract } from "@tasuki/contract/billing/partner.contracts";
import { paymentWebhookContract } from "@tasuki/contract/billing/payment-webhook.contract";
import {
  disableWorkspaceContract,
  paymentClientSecretContract,
  restoreWorkspaceContract,
  syncPaymentContract,
} from "@tasuki/contract/billing/workspace-billing.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  createCompany,
  getCompany,
  myPartner,
  patchCompany,
  verifyCorporateNumber,
  verifyPartnerCode,
} from "./company.service.ts";
import {
  deleteCreditCard,
  disableWorkspace,
  listCreditCards,
  paymentClientSecret,
  restoreWorkspace,
  setDefaultCreditCard,
  syncPayment,
} from "./credit-card.service.ts";
import { getInvoice, getInvoicePdf, listInvoices } from "./invoice.service.ts";
import { handlePaymentWebhook } from "./payment-webhook.service.ts";

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listCreditCardsContract, ({ auth, query }) => listCreditCards(ctx, auth, query.workspace_id));
  route(app, ctx, setDefaultCreditCardContract, ({ auth, params }) => setDefaultCreditCard(ctx, auth, params.id));
  route(app, ctx, deleteCreditCardContract, ({ auth, params }) => deleteCreditCard(ctx, auth, params.id));
  route(app, ctx, listInvoicesContract, ({ auth, query }) => listInvoices(ctx, auth, query));
  registerInvoiceGet(app, ctx);
  route(app, ctx, newCompanyContract, ({ auth, body }) => createCompany(ctx, auth, body));
  route(app, ctx, getCompanyContract, ({ auth, params }) => getCompany(ctx, auth, params.id));
  route(app, ctx, updateCompanyContract, ({ auth, params, body }) => patchCompany(ctx, auth, params.id, body));
  route(app, ctx, verifyCompanyCodeContract, async ({ body }) => verifyCorporateNumber(body.corporate_number));
  route(app, ctx, getMyPartnerContract, ({ auth, query }) => myPartner(ctx, auth, query.workspace_id));
  route(app, ctx, verifyPartnerCodeContract, ({ auth, body }) => verifyPartnerCode(ctx, auth, body));
  route(app, ctx, restoreWorkspaceContract, ({ auth, params }) => restoreWorkspace(ctx, auth, params.id));
  route(app, ctx, disableWorkspaceContract, ({ auth, params }) => disableWorkspace(ctx, auth, params.id));
  route(app, ctx, syncPaymentContract, ({ auth, params, body }) => syncPayment(ctx, auth, params.id, body ?? {}));
  route(app, ctx, paymentClientSecretContract, ({ auth, params }) => paymentClientSecret(ctx, auth, params.id));
  // The signature covers the exact bytes sent: this scope keeps JSON bodies raw.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    route(scope, ctx, paymentWebhookContract, ({ request }) => {
      const signature = request.headers["stripe-signature"];
      return handlePaymentWebhook(
        ctx,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === "string" ? signature : undefined,
      );
    });
  });
}

function registerInvoiceGet(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getInvoiceContract, async ({ auth, params, query, reply }) => {
    if (query.format !== "pdf") {
      const invoice = await getInvoice(ctx, auth, params.id);
      return reply.header("content-type", "application/json; charset=utf-8").send(JSON.stringify(invoice));
    }
    const { invoice, pdf } = await getInvoicePdf(ctx, auth, params.id);
    return (
      reply
        .header("content-type", "application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="invoice-${invoice.number}.pdf"; filename*=UTF-8''${encodeURIComponent(`請求書_${invoice.number}.pdf`)}`,
        )
        .header("cache-control", "no-store")
        // The bytes go out as they are (a Buffer is never serialised).
        .send(pdf as unknown as string)
    );
  });
}
