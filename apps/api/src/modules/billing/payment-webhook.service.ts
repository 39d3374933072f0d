import type { AppContext } from "../../context/app-context.ts";
import { badRequest } from "../../lib/app-error.ts";
import { WebhookSignatureError } from "../../payments/payment-provider.ts";
import { isPaymentEventKnown, recordPaymentEvent } from "./billing-profile.repository.ts";
import { findInvoiceById, findInvoiceByPaymentId } from "./invoice.repository.ts";
import { markInvoicePaid } from "./payment.service.ts";

/**
 * A provider event: verified first (a forged or stale one is refused with 400 and changes nothing), then
 * recorded by its id, so that a replay is answered 200 without doing anything again. A succeeded payment marks
 * its invoice paid (which may reopen a disabled workspace); the other events are recorded only, since the
 * charge's own answer already recorded a failure.
 */
export async function handlePaymentWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  let event: ReturnType<typeof ctx.payments.verifyWebhook>;
  try {
    event = ctx.payments.verifyWebhook(rawBody, signature, ctx.now());
  } catch (error) {
    if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
      throw badRequest("invalid_signature", "署名を確認できませんでした。", "webhook signature verification failed");
    }
    throw error;
  }
  if (!event.id) throw badRequest("invalid_event", "イベントを読み取れませんでした。", "the event has no id");
  if (await isPaymentEventKnown(ctx.db, event.id)) return { received: true as const, duplicate: true };
  // Handled before it is recorded: a failure here leaves it unrecorded, so the provider's retry does it again
  // (marking an invoice paid twice changes nothing).
  if (event.type === "payment_intent.succeeded" && event.payment) {
    const invoice =
      (event.payment.invoiceId ? await findInvoiceById(ctx.db, event.payment.invoiceId).catch(() => null) : null) ??
      (await findInvoiceByPaymentId(ctx.db, event.payment.id));
    if (invoice) await markInvoicePaid(ctx, invoice.workspaceId, invoice.id, event.payment.id);
  }
  const first = await recordPaymentEvent(ctx.db, event.id, event.type);
  return { received: true as const, duplicate: !first };
}
