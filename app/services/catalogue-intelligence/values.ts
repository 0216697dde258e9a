/**
 * What a single catalogue value is: GTIN/EAN check digits, numbers that a
 * spreadsheet turned into scientific notation, prices in either decimal
 * style. Pure functions, shared by the suggestions and the row checks.
 */

/** The lengths GS1 defines for a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14). */
const gtinLengths = new Set([8, 12, 13, 14]);

/** GS1 check digit: weights 3 and 1 alternating from the right, the last digit excluded. */
export function gtinCheckDigitValid(digits: string): boolean {
  if (!gtinLengths.has(digits.length) || !/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = digits.length - 2, weight = 3; index >= 0; index--, weight = 4 - weight) {
    sum += (digits.charCodeAt(index) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(digits.length - 1) - 48;
}

/** `4.00638E+12`, `4,00638E+12`, `4E12`: what Excel shows for a long number in a General cell. */
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?[eE][+-]?\d+$/;

export function isScientificNotation(value: string): boolean {
  return SCIENTIFIC.test(value);
}

export type EanVerdict = "EAN_SCIENTIFIC" | "EAN_FORMAT" | "EAN_CHECK_DIGIT" | null;

/** The problem of a non-empty EAN/GTIN value as written in the file, or null when it is a valid GTIN. */
export function eanProblem(value: string): EanVerdict {
  const trimmed = value.trim();
  if (isScientificNotation(trimmed)) return "EAN_SCIENTIFIC";
  if (!gtinLengths.has(trimmed.length) || !/^\d+$/.test(trimmed)) return "EAN_FORMAT";
  return gtinCheckDigitValid(trimmed) ? null : "EAN_CHECK_DIGIT";
}

/**
 * A valid GTIN as one number (left-padded to GTIN-14, so that an EAN-13 and
 * the same GTIN-14 with a leading zero count as one): below 10^14, exact in a double.
 */
export function gtinKey(value: string): number {
  return Number(value.trim());
}

export type DecimalStyle = "comma" | "point";

export type ParsedPrice = {
  value: number;
  /** Which decimal style the value showed; null when it showed none (`12`, `1,234`). */
  style: DecimalStyle | null;
};

/** Currency marks and spaces around or inside a price (`€ 12,50`, `12.50 EUR`, `1 234,50`). */
const PRICE_NOISE = /(?:€|eur|euro|\s|\u00a0|\u202f)/gi;

/**
 * Reads a price in either decimal style: `1.234,56` and `12,5` (comma),
 * `1,234.56` and `12.5` (point), `12`. A lone separator followed by exactly
 * three digits (`1,234`) is read as a thousands separator and shows no style.
 * Answers null for anything that is no number in either style.
 */
export function parsePrice(raw: string): ParsedPrice | null {
  const value = raw.replace(PRICE_NOISE, "");
  if (value === "") return null;
  let match: RegExpExecArray | null;
  if (/^[+-]?\d+$/.test(value)) return { value: Number(value), style: null };
  if ((match = /^([+-]?\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(value))) return { value: Number(`${match[1]!.replace(/\./g, "")}.${match[2]}`), style: "comma" };
  if ((match = /^([+-]?\d{1,3}(?:,\d{3})+)\.(\d+)$/.exec(value))) return { value: Number(`${match[1]!.replace(/,/g, "")}.${match[2]}`), style: "point" };
  if (/^[+-]?\d{1,3}(?:[.,]\d{3})+$/.test(value) && !/^[+-]?\d{1,3}[.,]\d{3}$/.test(value)) {
    // 1.234.567 or 1,234,567: several groups, so thousands separators.
    return { value: Number(value.replace(/[.,]/g, "")), style: null };
  }
  if ((match = /^([+-]?\d+)([.,])(\d+)$/.exec(value))) {
    const [, whole, separator, fraction] = match as unknown as [string, string, string, string];
    if (fraction.length === 3 && whole.replace(/^[+-]/, "").length <= 3 && whole.replace(/^[+-]/, "") !== "0") {
      return { value: Number(`${whole}${fraction}`), style: null };
    }
    return { value: Number(`${whole}.${fraction}`), style: separator === "," ? "comma" : "point" };
  }
  return null;
}

/** A URL the marketplace could fetch a picture from. */
export function looksLikeUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value.trim());
}
