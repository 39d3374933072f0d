import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { mail } from "../../mail/templates.ts";
import { tokyoDateLabel } from "./billing-calendar.ts";
import type { InvoiceRow } from "./invoice.repository.ts";

const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;

/** Billing mails go to the 請求先's address; without one, nobody is mailed (the pages show everything). */
function recipientOf(invoice: InvoiceRow): string | null {
  return invoice.recipient.email ?? null;
}

/** The issued invoice, in the issuing transaction: mailed only if it commits. */
export async function mailInvoiceIssued(ctx: AppContext, tx: DbOrTx, invoice: InvoiceRow): Promise<void> {
  const to = recipientOf(invoice);
  if (!to) return;
  const how =
    invoice.paymentMethod === "bank_transfer"
      ? `${tokyoDateLabel(invoice.dueDate)}までに、請求書記載の口座へお振り込みください。`
      : "ご登録のクレジットカードにご請求いたします。";
  await ctx.jobs.enqueue(
    tx,
    "send-mail",
    mail(to, `請求書 ${invoice.number} を発行しました`, [
      `${invoice.recipient.name} 御中`,
      `Tasukiのご利用料金の請求書（${invoice.number}）を発行しました。`,
      `ご請求金額：${yen(invoice.total)}（税込）\nお支払期限：${tokyoDateLabel(invoice.dueDate)}`,
      how,
      `請求書（PDF）はマイページの「プラン・請求書」からダウンロードできます。\n${ctx.config.appOrigin}/mypage/plan-and-invoice`,
    ]),
  );
}

export async function mailChargeFailed(ctx: AppContext, tx: DbOrTx, invoice: InvoiceRow, willRetry: boolean) {
  const to = recipientOf(invoice);
  if (!to) return;
  await ctx.jobs.enqueue(
    tx,
    "send-mail",
    mail(to, `お支払いができませんでした（請求書 ${invoice.number}）`, [
      `${invoice.recipient.name} 御中`,
      `請求書 ${invoice.number}（${yen(invoice.total)}）のクレジットカード決済ができませんでした。`,
      willRetry
        ? "数日後に自動で再度決済いたします。カードの有効期限やご利用枠をご確認いただくか、別のカードをご登録ください。"
        : "自動での再決済は終了しました。お支払い方法の設定から有効なカードをご登録のうえ、ワークスペースの復元を行ってください。",
      `お支払い方法の設定：${ctx.config.appOrigin}/mypage/payment-setting`,
    ]),
  );
}

export async function mailWorkspaceDisabled(
  ctx: AppContext,
  tx: DbOrTx,
  invoice: InvoiceRow,
  state: "disabled" | "locked",
) {
  const to = recipientOf(invoice);
  if (!to) return;
  await ctx.jobs.enqueue(
    tx,
    "send-mail",
    mail(to, `ワークスペースの${state === "locked" ? "ご利用を停止" : "編集を停止"}しました`, [
      `${invoice.recipient.name} 御中`,
      state === "locked"
        ? "お支払期限を60日過ぎたため、ワークスペースはお支払いの画面以外を開けなくなりました。データは削除されていません。"
        : "お支払期限を14日過ぎたため、ワークスペースは閲覧のみとなりました。データは削除されていません。",
      "お支払いが確認でき次第、元どおりご利用いただけます。",
      `${ctx.config.appOrigin}/mypage/plan-and-invoice`,
    ]),
  );
}
