import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { invoiceSchema } from "./invoice.schema.ts";

export const listInvoicesContract = defineContract({
  operationId: "listInvoices",
  method: "GET",
  path: "/app/invoice/list",
  summary: "The workspace's invoices, newest first (manage_billing)",
  tags: ["billing"],
  auth: "bearer",
  query: z.object({
    workspace_id: idSchema,
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ items: z.array(invoiceSchema), total: z.number().int() }),
});
