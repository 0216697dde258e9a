/**
 * Phone numbers as people write them, read with libphonenumber-js (Google's
 * numbering plans): an international number ("+49 761 123456", "0049 761
 * 123456") stands on its own; a national one ("0761 123456") is read in the
 * country of the address it belongs to. Stored in international format with
 * the plan's spacing ("+49 761 123456"). The "min" metadata checks a number's
 * country code and length, which is what a typo breaks.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { CountryCode } from "./countries.ts";

/** The number in international format, or null when it is not a valid number (for `country`'s national form). */
export function normalizePhone(value: string, country: CountryCode = "DE"): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), country);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

export function isValidPhone(value: string, country: CountryCode = "DE"): boolean {
  return normalizePhone(value, country) !== null;
}
