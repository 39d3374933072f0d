import { consumptionTax } from "@tasuki/contract/rules/consumption-tax";
import type { InvoiceLine, InvoiceSubtotal } from "../../db/schema/billing.ts";

/**
 * The totals of a qualified invoice: lines are summed per tax rate, and the consumption tax of each rate is
 * computed once from that rate's sum and rounded down (消令70条の10: never per line, then added up).
 */
export function invoiceTotals(lines: readonly InvoiceLine[]): {
  subtotals: InvoiceSubtotal[];
  subtotal: number;
  tax: number;
  total: number;
} {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.tax_rate, (byRate.get(line.tax_rate) ?? 0) + line.amount);
  const subtotals = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([tax_rate, amount]) => ({ tax_rate, amount, tax: consumptionTax(amount, tax_rate) }));
  const subtotal = subtotals.reduce((sum, s) => sum + s.amount, 0);
  const tax = subtotals.reduce((sum, s) => sum + s.tax, 0);
  return { subtotals, subtotal, tax, total: subtotal + tax };
}
