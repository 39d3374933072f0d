import { describe, expect, it } from "vitest";
import { corporateNumberCheckDigit, isValidCorporateNumber, isValidRegistrationNumber } from "../../lib/check-digit.ts";
import { invoiceTotals } from "./invoice-math.ts";

const line = (amount: number, tax_rate = 10) => ({
  description: "利用料",
  quantity: 1,
  unit_price: amount,
  amount,
  tax_rate,
});

describe("qualified invoice totals", () => {
  it("rounds the tax down once per rate: three lines of ¥105 at 10% make ¥31, not 3 × ¥10", () => {
    expect(invoiceTotals([line(105), line(105), line(105)])).toEqual({
      subtotals: [{ tax_rate: 10, amount: 315, tax: 31 }],
      subtotal: 315,
      tax: 31,
      total: 346,
    });
  });

  it("keeps the rates apart, the standard rate first", () => {
    expect(invoiceTotals([line(999, 8), line(1001, 10), line(1, 8)]).subtotals).toEqual([
      { tax_rate: 10, amount: 1001, tax: 100 },
      { tax_rate: 8, amount: 1000, tax: 80 },
    ]);
  });
});

describe("registration numbers", () => {
  it("accepts a number with its check digit and refuses the usual placeholder", () => {
    expect(isValidRegistrationNumber("T8010601046367")).toBe(true);
    expect(isValidRegistrationNumber("T1234567890123")).toBe(false);
    expect(isValidRegistrationNumber("8010601046367")).toBe(false);
    expect(isValidCorporateNumber("8010601046367")).toBe(true);
    expect(isValidCorporateNumber("7010601046367")).toBe(false);
    expect(corporateNumberCheckDigit("010601046367")).toBe(8);
  });
});
