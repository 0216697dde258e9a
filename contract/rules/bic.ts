/**
 * BIC (ISO 9362): 4 letters of the bank, 2 letters of its country, 2 letters
 * or digits of the location, and optionally 3 of the branch.
 */
export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

export function isValidBic(value: string): boolean {
  const bic = normalizeBic(value);
  // A location code's second character 0 marks a test BIC, never a real bank's.
  return /^[A-Z]{4}[A-Z]{2}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(bic);
}
