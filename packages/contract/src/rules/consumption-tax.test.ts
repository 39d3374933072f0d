import { describe, expect, it } from "vitest";
import { consumptionTax, STANDARD_TAX_RATE, withTax } from "./consumption-tax.ts";

describe("consumption tax", () => {
  it("rounds the tax down at the standard rate", () => {
    expect(STANDARD_TAX_RATE).toBe(10);
    expect(consumptionTax(105)).toBe(10);
    expect(consumptionTax(315)).toBe(31);
    expect(withTax(600)).toBe(660);
    expect(withTax(6000)).toBe(6600);
  });

  it("takes another rate", () => {
    expect(consumptionTax(1000, 8)).toBe(80);
    expect(withTax(999, 8)).toBe(1078);
  });
});
