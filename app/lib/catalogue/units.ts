/**
 * Currencies and units as templates write them in a row of their own under
 * the column names ("Preis" over "EUR", "Gewicht" over "kg"), and as values
 * (a currency column). Pure: the header-row rules and the value scoring share them.
 */

/** ISO 4217 codes sellers in Europe price in, and the usual symbols. */
const currencies = new Set([
  "EUR",
  "USD",
  "CHF",
  "GBP",
  "PLN",
  "CZK",
  "SEK",
  "DKK",
  "NOK",
  "HUF",
  "RON",
  "BGN",
  "HRK",
  "JPY",
  "CNY",
  "CAD",
  "AUD",
  "€",
  "$",
  "£",
]);

export function isCurrency(value: string): boolean {
  return currencies.has(value.trim().toUpperCase());
}

/**
 * Units of measure and of counting a product sheet names (lower case, as
 * compared): weight, length, area, volume, pieces, time, power, share.
 */
const units = new Set([
  "kg",
  "g",
  "gr",
  "mg",
  "t",
  "lb",
  "lbs",
  "oz",
  "mm",
  "cm",
  "dm",
  "m",
  "km",
  "in",
  "inch",
  "zoll",
  "m²",
  "m2",
  "qm",
  "cm²",
  "cm2",
  "m³",
  "m3",
  "cbm",
  "l",
  "ltr",
  "ml",
  "cl",
  "stk",
  "stk.",
  "st",
  "st.",
  "stück",
  "pcs",
  "pc",
  "pce",
  "piece",
  "pieces",
  "pack",
  "%",
  "prozent",
  "percent",
  "tage",
  "tag",
  "days",
  "day",
  "wochen",
  "weeks",
  "h",
  "std",
  "min",
  "w",
  "kw",
  "v",
  "mah",
  "wh",
  "kwh",
  "lm",
  "°c",
]);

/**
 * A cell of a unit row: a currency or a unit, bare or bracketed ("kg",
 * "[cm]", "(EUR)", "in EUR"), or a unit per unit ("€/kg", "EUR/Stk").
 */
export function isUnit(cell: string): boolean {
  const bare = cell
    .trim()
    .replace(/^[[(]\s*(.*?)\s*[\])]$/, "$1")
    .replace(/^in\s+/i, "");
  if (bare === "") return false;
  return bare.split(/\s*\/\s*/).every((part) => isCurrency(part) || units.has(part.toLowerCase()));
}

/** A unit as a name's qualifier: "EUR" → "(EUR)", "[kg]" → "(kg)", "in EUR" → "(EUR)". */
export function unitQualifier(cell: string): string {
  const bare = cell
    .trim()
    .replace(/^[[(]\s*(.*?)\s*[\])]$/, "$1")
    .replace(/^in\s+/i, "");
  return `(${bare})`;
}
