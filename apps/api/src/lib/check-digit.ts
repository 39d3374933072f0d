/**
 * The check digit of a 法人番号 (13 digits) and so of a qualified invoice issuer's registration number
 * (`T` + 法人番号): the first digit = 9 − (Σ Pₙ·Qₙ mod 9), Pₙ the nth of the other 12 digits counted from
 * the right, Qₙ 1 for odd n and 2 for even n (財務省令第70号 第2条).
 */
export function corporateNumberCheckDigit(base12: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const digit = Number(base12[12 - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export function isValidCorporateNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  return Number(value[0]) === corporateNumberCheckDigit(value.slice(1));
}

/** `T` + 13 digits whose first is the check digit. */
export function isValidRegistrationNumber(value: string): boolean {
  return /^T\d{13}$/.test(value) && isValidCorporateNumber(value.slice(1));
}
