/**
 * IBAN checks (ISO 13616): country code, the length that country uses, and
 * the mod-97 check digits. Spaces and lower case are what people type; they
 * are normalised away first.
 */

/** IBAN length per country (SEPA countries and the marketplace's neighbours). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

export type IbanIssue = "format" | "country" | "length" | "checksum";

export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

/** The remainder of the IBAN's rearranged digits modulo 97, computed piecewise (the number has ~30 digits). */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** What is wrong with an IBAN, or null when it is valid. */
export function ibanIssue(value: string): IbanIssue | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return "format";
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return "country";
  if (iban.length !== length) return "length";
  return mod97(iban) === 1 ? null : "checksum";
}

/** The IBAN as shown once saved: country, check digits and the last four characters, in groups of four. */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  const masked = iban.slice(0, 4) + "•".repeat(Math.max(iban.length - 8, 0)) + iban.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, "$1 ");
}
