import type { CountryCode } from "./countries";

/**
 * VAT identification numbers (USt-IdNr.) per country: the country prefix and
 * the national format; the German one also by its check digit (ISO 7064
 * MOD 11,10), the one mistake a typo most often makes.
 */
const VAT_PATTERNS: Record<CountryCode, RegExp> = {
  DE: /^DE\d{9}$/,
  AT: /^ATU\d{8}$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  NL: /^NL\d{9}B\d{2}$/,
  BE: /^BE[01]\d{9}$/,
  LU: /^LU\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  IT: /^IT\d{11}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  PL: /^PL\d{10}$/,
  DK: /^DK\d{8}$/,
  CZ: /^CZ\d{8,10}$/,
};

export type VatIdIssue = "country" | "format" | "checksum";

export function normalizeVatId(value: string): string {
  return value.replace(/[\s.\-]+/g, "").toUpperCase();
}

function germanCheckDigitValid(digits: string): boolean {
  let product = 10;
  for (const digit of digits.slice(0, 8)) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

/** What is wrong with a VAT id for a company in `country`, or null when it is valid. */
export function vatIdIssue(value: string, country: CountryCode): VatIdIssue | null {
  const vatId = normalizeVatId(value);
  const prefix = country === "CH" ? "CHE" : country;
  if (!vatId.startsWith(prefix.slice(0, 2))) return "country";
  if (!VAT_PATTERNS[country].test(vatId)) return "format";
  if (country === "DE" && !germanCheckDigitValid(vatId.slice(2))) return "checksum";
  return null;
}
