/**
 * The countries the marketplace accepts sellers and warehouses from: the
 * German-speaking market and its neighbours. Names come from Intl.DisplayNames
 * in the page's language, so they need no translation keys.
 */
export const countryCodes = ["DE", "AT", "CH", "NL", "BE", "LU", "FR", "IT", "ES", "PL", "DK", "CZ"] as const;
export type CountryCode = (typeof countryCodes)[number];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (countryCodes as readonly string[]).includes(value);
}
