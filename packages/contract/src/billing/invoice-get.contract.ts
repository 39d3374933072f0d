import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { invoiceSchema } from "./invoice.schema.ts";

export const invoiceQuerySchema = z.object({ format: z.enum(["json", "pdf"]).default("json") });

/**
 * JSON, or with `?format=pdf` the PDF (`application/pdf`): the route sends either itself, so the contract lists
 * both media types; `response` is the JSON's shape.
 */
export const getInvoiceContract = defineContract({
  operationId: "getInvoice",
  method: "GET",
  path: "/app/invoice/{id}",
  summary: "One invoice (manage_billing): JSON, or the PDF of the qualified invoice with ?format=pdf",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  query: invoiceQuerySchema,
  produces: ["application/json", "application/pdf"],
  response: invoiceSchema,
});
