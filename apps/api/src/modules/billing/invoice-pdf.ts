import { createRequire } from "node:module";
import type { Invoice } from "@tasuki/contract/billing/invoice.schema";
import { periodLastDay } from "@tasuki/contract/billing/plan.schema";
import PDFDocument from "pdfkit";
import { tokyoDateLabel } from "./billing-calendar.ts";

// The TrueType file by path: the package's index loads Expo code. pdfkit embeds only the glyphs used.
const require = createRequire(import.meta.url);
const FONT = require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf");
const FONT_BOLD = require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf");

const yen = (amount: number) => `${amount < 0 ? "-" : ""}¥${Math.abs(amount).toLocaleString("ja-JP")}`;

/**
 * The 適格請求書 as an A4 PDF in Japanese: issuer with registration number, date and period, what was supplied,
 * totals and consumption tax per rate, recipient; bank details for a transfer.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `請求書 ${invoice.number}`, Author: invoice.issuer.name },
  });
  doc.registerFont("jp", FONT);
  doc.registerFont("jp-bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 48;
  const width = doc.page.width - 96;
  doc
    .font("jp-bold")
    .fontSize(20)
    .text(invoice.status === "cancelled" ? "請求書（取消）" : "請求書", left, 48, {
      width,
      align: "center",
    });
  doc.moveDown(0.2);
  doc.font("jp").fontSize(9).text("（適格請求書）", { width, align: "center" });

  // 請求先 as the company entered it: with a person, 「様」 to them; else 「御中」 to the company or its 部署.
  const top = 110;
  const half = width / 2 - 12;
  const { recipient } = invoice;
  const addressee = recipient.contact_name
    ? [recipient.department, `${recipient.contact_name} 様`].filter(Boolean).join(" ")
    : recipient.department
      ? `${recipient.department} 御中`
      : null;
  doc
    .font("jp-bold")
    .fontSize(13)
    .text(addressee ? recipient.name : `${recipient.name} 御中`, left, top, { width: half });
  doc.font("jp").fontSize(10);
  if (addressee) doc.text(addressee, { width: half });
  if (recipient.address) doc.fontSize(9).text(recipient.address, left, doc.y + 2, { width: half });
  const recipientBottom = doc.y;

  doc
    .font("jp")
    .fontSize(9)
    .text(`請求書番号：${invoice.number}`, left + width / 2, top, { width: width / 2, align: "right" })
    .text(`発行日：${tokyoDateLabel(invoice.issued_at)}`, { width: width / 2, align: "right" })
    .text(`お支払期限：${tokyoDateLabel(invoice.due_date)}`, { width: width / 2, align: "right" });
  if (invoice.period_start && invoice.period_end) {
    doc.text(
      `対象期間：${tokyoDateLabel(invoice.period_start)}〜${tokyoDateLabel(periodLastDay(invoice.period_end))}`,
      { width: width / 2, align: "right" },
    );
  }
  doc.moveDown(0.6);
  doc
    .font("jp-bold")
    .fontSize(10)
    .text(invoice.issuer.name, { width: width / 2, align: "right" });
  doc.font("jp").fontSize(9);
  if (invoice.issuer.address) doc.text(invoice.issuer.address, { width: width / 2, align: "right" });
  doc.text(`登録番号：${invoice.issuer.registration_number}`, { width: width / 2, align: "right" });

  const totalTop = Math.max(doc.y + 16, recipientBottom + 16, 230);
  doc.rect(left, totalTop, width, 34).fill("#f1f5f9");
  doc
    .fillColor("#111827")
    .font("jp")
    .fontSize(11)
    .text("ご請求金額（税込）", left + 12, totalTop + 10);
  doc
    .font("jp-bold")
    .fontSize(16)
    .text(yen(invoice.total), left, totalTop + 6, { width: width - 12, align: "right" });

  // Lines: 品目 / 数量 / 単価 / 金額（税抜） / 税率
  const columns = [
    { label: "品目", x: left, w: width * 0.46, align: "left" as const },
    { label: "数量", x: left + width * 0.46, w: width * 0.1, align: "right" as const },
    { label: "単価", x: left + width * 0.56, w: width * 0.15, align: "right" as const },
    { label: "金額（税抜）", x: left + width * 0.71, w: width * 0.17, align: "right" as const },
    { label: "税率", x: left + width * 0.88, w: width * 0.12, align: "right" as const },
  ];
  let y = totalTop + 52;
  doc.font("jp-bold").fontSize(9);
  for (const c of columns) doc.text(c.label, c.x, y, { width: c.w - 4, align: c.align });
  y += 16;
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .strokeColor("#9ca3af")
    .stroke();
  doc.font("jp").fontSize(9);
  for (const line of invoice.lines) {
    // The period goes on a line of its own: Japanese text wraps at any character, which split dates (「12月2」「日」).
    const description = line.description.replace(/ (?=\d{4}年\d{1,2}月\d{1,2}日)/, "\n");
    const cells = [description, String(line.quantity), yen(line.unit_price), yen(line.amount), `${line.tax_rate}%`];
    const height = doc.heightOfString(description, { width: columns[0]!.w - 4 });
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.w - 4, align: c.align });
    });
    y += Math.max(height, 12) + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#9ca3af")
    .stroke();
  y += 8;

  // Totals per rate (the tax is computed once per rate, rounded down).
  const labelX = left + width * 0.45;
  const valueX = left + width * 0.75;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? "jp-bold" : "jp").fontSize(9);
    doc.text(label, labelX, y, { width: width * 0.3, align: "left" });
    doc.text(value, valueX, y, { width: width * 0.25, align: "right" });
    y += 15;
  };
  for (const s of invoice.subtotals) {
    row(`${s.tax_rate}%対象（税抜）`, yen(s.amount));
    row(`消費税（${s.tax_rate}%）`, yen(s.tax));
  }
  row("小計（税抜）", yen(invoice.subtotal));
  row("消費税合計", yen(invoice.tax));
  row("合計（税込）", yen(invoice.total), true);

  y += 12;
  doc.font("jp").fontSize(9);
  if (invoice.payment_method === "bank_transfer" && invoice.bank_account) {
    doc.font("jp-bold").text("お振込先", left, y);
    doc.font("jp").text(invoice.bank_account, left, doc.y + 2);
    doc.text("振込手数料はお客様のご負担にてお願いいたします。", left, doc.y + 2);
  } else {
    doc.text("お支払方法：クレジットカード（ご登録のカードに請求いたします）", left, y);
  }
  if (invoice.status === "paid" && invoice.paid_at) {
    doc.text(`お支払日：${tokyoDateLabel(invoice.paid_at)}（お支払い済み）`, left, doc.y + 4);
  }
  doc.end();
  return done;
}
