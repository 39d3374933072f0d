import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { paymentMethodKindSchema } from "./plan.schema.ts";

export const invoiceStatusSchema = z.enum(["open", "paid", "past_due", "cancelled"]);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: "未払い",
  paid: "支払済み",
  past_due: "支払期限超過",
  cancelled: "取消",
};

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
  tax_rate: z.number().int(),
});

/** The six items of a 適格請求書 (DOMAIN.md's fixed shape), with the payment state. */
export const invoiceSchema = z
  .object({
    id: idSchema,
    number: z.string(),
    issued_at: timestampSchema,
    period_start: timestampSchema.nullable(),
    period_end: timestampSchema.nullable(),
    /** YYYY-MM-DD, Asia/Tokyo. */
    due_date: z.string(),
    status: invoiceStatusSchema,
    payment_method: paymentMethodKindSchema,
    issuer: z.object({ name: z.string(), registration_number: z.string(), address: z.string().optional() }),
    /** 請求先 as entered when the invoice was issued (部署, ご担当者 and 住所 when the company gave them). */
    recipient: z.object({
      name: z.string(),
      department: z.string().nullable(),
      contact_name: z.string().nullable(),
      address: z.string().nullable(),
    }),
    lines: z.array(invoiceLineSchema),
    subtotals: z.array(z.object({ tax_rate: z.number().int(), amount: z.number().int(), tax: z.number().int() })),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    /** Printed on bank-transfer invoices. */
    bank_account: z.string().nullable(),
    replaces_invoice_id: idSchema.nullable(),
    paid_at: timestampSchema.nullable(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof invoiceSchema>;
