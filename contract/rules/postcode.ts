import type { CountryCode } from "./countries";

/** Postcode formats per country, as the national post writes them. */
const POSTCODE_PATTERNS: Record<CountryCode, RegExp> = {
  DE: /^(?!00)\d{5}$/,
  AT: /^[1-9]\d{3}$/,
  CH: /^[1-9]\d{3}$/,
  NL: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
  BE: /^[1-9]\d{3}$/,
  LU: /^(L-)?\d{4}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  PL: /^\d{2}-\d{3}$/,
  DK: /^[1-9]\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
};

export function normalizePostcode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, " ");
}

export function isValidPostcode(value: string, country: CountryCode): boolean {
  return POSTCODE_PATTERNS[country].test(normalizePostcode(value));
}
