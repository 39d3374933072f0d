/**
 * The consumption tax, in one place for the API (invoice lines and totals) and the web app (the tax-included
 * prices of the plan dialog), so that the price a customer is shown is the price the invoice charges.
 *
 * Amounts are whole yen. The tax of an amount is rounded down; on a qualified invoice it is computed once per
 * rate from that rate's sum (消令70条の10), never per line and then added up.
 */

/** The standard rate (%), the rate of every line Tasuki bills. */
export const STANDARD_TAX_RATE = 10;

/** The tax on an amount at a rate (%), rounded down. */
export function consumptionTax(amount: number, rate: number = STANDARD_TAX_RATE): number {
  return Math.floor((amount * rate) / 100);
}

/** An amount with its tax at the rate (%): what a tax-excluded price costs. */
export function withTax(amount: number, rate: number = STANDARD_TAX_RATE): number {
  return amount + consumptionTax(amount, rate);
}
