/**
 * What a single catalogue value is: GTIN/EAN check digits, numbers that a
 * spreadsheet turned into scientific notation, prices in either decimal
 * style. Pure functions, shared by the suggestions and the row checks.
 */

/** The lengths GS1 defines for a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14). */
const gtinLengths = new Set([8, 12, 13, 14]);

/** GS1 check digit: weights 3 and 1 alternating from the right, the last digit excluded. One pass, no allocation (it runs for every row). */
export function gtinCheckDigitValid(digits: string): boolean {
  const length = digits.length;
  if (length !== 8 && length !== 12 && length !== 13 && length !== 14) return false;
  let sum = 0;
  for (let index = length - 2, weight = 3; index >= 0; index--, weight = 4 - weight) {
    const digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    sum += digit * weight;
  }
  const check = digits.charCodeAt(length - 1) - 48;
  return check >= 0 && check <= 9 && (10 - (sum % 10)) % 10 === check;
}

/**
 * A valid GTIN's number, or -1 when `digits` is no valid GTIN: the check
 * digit and the number in the same pass (this runs for every row).
 */
export function validGtinValue(digits: string): number {
  const length = digits.length;
  if (length !== 8 && length !== 12 && length !== 13 && length !== 14) return -1;
  let sum = 0;
  let value = 0;
  for (let index = 0; index < length - 1; index++) {
    const digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
    // Weight 3 for the digit next to the check digit, then alternating.
    sum += (length - 1 - index) % 2 === 1 ? digit * 3 : digit;
  }
  const check = digits.charCodeAt(length - 1) - 48;
  if (check < 0 || check > 9 || (10 - (sum % 10)) % 10 !== check) return -1;
  return value * 10 + check;
}

/**
 * The decimal style of a price as most files write it (`12`, `12,5`,
 * `12.50`): "comma", "point", null for a whole number; undefined when it is
 * not that simple (then `parsePrice` reads it).
 */
export function simplePriceStyle(value: string): DecimalStyle | null | undefined {
  const length = value.length;
  if (length === 0 || length > 12) return undefined;
  let separator = -1;
  for (let index = 0; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 48 && code <= 57) continue;
    if ((code === 44 || code === 46) && separator === -1 && index > 0 && index >= length - 3 && index < length - 1) {
      separator = code;
      continue;
    }
    return undefined;
  }
  return separator === -1 ? null : separator === 44 ? "comma" : "point";
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

/** A category path: at least two parts with letters, split by `>`, `»`, `/`, `|` or `\` (`Haushalt > Küche`, `Default Category/Gear/Bags`). */
export function isCategoryPath(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.includes("://") || !/[>»/|\\]/.test(trimmed)) return false;
  const parts = trimmed.split(/\s*[>»/|\\]+\s*/);
  // Each part a word or more ("n/a" and "S/M" are no paths).
  return parts.length >= 2 && parts.every((part) => (part.match(/\p{L}/gu)?.length ?? 0) >= 2);
}

export { isCurrency } from "#app/lib/catalogue/units.ts";

/**
 * The VAT rates of the countries sellers on a German marketplace come from
 * (the EU's member states, Switzerland, Norway, the United Kingdom): each
 * country's standard rates and all its rates, recent former ones included
 * (Germany's 16 % and 5 % of 2020). One catalogue charges one country's
 * rates: a column whose numbers no single country charges together (6, 12,
 * 24: pack sizes) holds no VAT rates.
 */
const vatRatesByCountry: readonly { standard: readonly number[]; rates: readonly number[] }[] = [
  { standard: [19, 16], rates: [7, 5, 0] },
  { standard: [20], rates: [13, 10, 0] },
  { standard: [8.1, 7.7], rates: [3.8, 3.7, 2.6, 2.5, 0] },
  { standard: [20], rates: [10, 5.5, 2.1, 0] },
  { standard: [21], rates: [9, 0] },
  { standard: [21], rates: [12, 6, 0] },
  { standard: [17, 16], rates: [14, 8, 3, 0] },
  { standard: [22], rates: [10, 5, 4, 0] },
  { standard: [21], rates: [10, 4, 0] },
  { standard: [23], rates: [13, 6, 0] },
  { standard: [23], rates: [8, 5, 0] },
  { standard: [21], rates: [15, 12, 10, 0] },
  { standard: [25], rates: [0] },
  { standard: [25], rates: [12, 6, 0] },
  { standard: [25.5, 24], rates: [14, 13.5, 10, 0] },
  { standard: [23], rates: [13.5, 9, 4.8, 0] },
  { standard: [20], rates: [5, 0] },
  { standard: [27], rates: [18, 5, 0] },
  { standard: [21, 19], rates: [11, 9, 5, 0] },
  { standard: [25], rates: [13, 5, 0] },
  { standard: [22], rates: [9.5, 5, 0] },
  { standard: [23, 20], rates: [19, 10, 5, 0] },
  { standard: [20], rates: [9, 0] },
  { standard: [24], rates: [13, 6, 0] },
  { standard: [19], rates: [9, 5, 3, 0] },
  { standard: [18], rates: [7, 5, 0] },
  { standard: [24, 22], rates: [13, 9, 0] },
  { standard: [21], rates: [12, 5, 0] },
  { standard: [21], rates: [9, 5, 0] },
  { standard: [25], rates: [15, 12, 0] },
];
const vatRates = new Set(vatRatesByCountry.flatMap((country) => [...country.standard, ...country.rates]));

/** A VAT rate as a percentage (`19`, `7 %`, `19,00`, `0.19` → 19), or null for anything that is none. */
export function vatPercent(value: string): number | null {
  const match = /^(\d{1,2})(?:[.,](\d{1,3}))?\s*%?$/.exec(value.trim());
  if (!match) return null;
  const number = Number(`${match[1]}.${match[2] ?? "0"}`);
  const percent = number < 1 && number > 0 ? Math.round(number * 1000) / 10 : number;
  return vatRates.has(percent) ? percent : null;
}

export function isVatRate(value: string): boolean {
  return vatPercent(value) !== null;
}

/**
 * Whether these rates (percentages) are one country's: all of them in one
 * country's set; `withStandard` also asks for that country's standard rate
 * among them (a column of nothing but 6 could be Portugal's reduced rate,
 * or a pack of six).
 */
export function oneCountrysVatRates(rates: ReadonlySet<number>, withStandard = false): boolean {
  return vatRatesByCountry.some(({ standard, rates: others }) => {
    const charged = [...rates];
    if (!charged.every((rate) => standard.includes(rate) || others.includes(rate))) return false;
    return !withStandard || charged.some((rate) => standard.includes(rate));
  });
}

/** Colour words in English and German (German compounds end in one: "dunkelblau", "hellgrau"). */
const colours = [
  "schwarz",
  "weiss",
  "rot",
  "blau",
  "gruen",
  "gelb",
  "grau",
  "braun",
  "orange",
  "rosa",
  "pink",
  "lila",
  "violett",
  "beige",
  "silber",
  "gold",
  "tuerkis",
  "natur",
  "anthrazit",
  "creme",
  "bordeaux",
  "oliv",
  "mint",
  "black",
  "white",
  "red",
  "blue",
  "green",
  "yellow",
  "grey",
  "gray",
  "brown",
  "purple",
  "navy",
  "silver",
  "turquoise",
  "cream",
  "multicolour",
  "multicolor",
  "bunt",
];

export function isColour(value: string): boolean {
  const words = value
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .split(/[^a-z]+/)
    .filter(Boolean);
  return (
    words.length > 0 &&
    words.length <= 3 &&
    words.some((word) => colours.some((colour) => word === colour || (word.length > colour.length + 2 && word.endsWith(colour) && colour.length >= 4)))
  );
}

/** Clothing sizes in letters, trouser sizes, one-size, and dimensions (`40 x 25 cm`). */
export function isSize(value: string): boolean {
  const trimmed = value.trim();
  return (
    /^(?:XXS|XS|S|M|L|XL|XXL|XXXL|[2-6]XL)(?:\s*[/-]\s*(?:XS|S|M|L|XL|XXL))?$/i.test(trimmed) ||
    /^W\d{2}\s*\/?\s*L\d{2}$/i.test(trimmed) ||
    /^(?:one size|onesize|einheitsgr(?:ö|oe)(?:ß|ss)e)$/i.test(trimmed) ||
    /^\d+(?:[.,]\d+)?\s*(?:x|×)\s*\d+(?:[.,]\d+)?(?:\s*(?:x|×)\s*\d+(?:[.,]\d+)?)?\s*(?:mm|cm|m)?$/i.test(trimmed)
  );
}

/** A link to a picture file: its path ends in a picture's extension (a query or fragment after it aside). */
const PICTURE_FILE = /\.(?:jpe?g|png|webp|gif|avif|tiff?|bmp|svg)(?:[?#]|$)/i;
/** Hosts and paths that serve pictures whatever the file's name: image CDNs, and shop systems' picture folders. */
const PICTURE_HOST =
  /^https?:\/\/(?:(?:img|images?|bilder?|media|cdn|static|assets|pics?|photos?)[\w-]*\.|[^/]*(?:cloudinary\.com|imgix\.net|ssl-images-amazon\.com|media-amazon\.com|ebayimg\.com|cdn\.shopify\.com|googleusercontent\.com|scene7\.com))/i;
const PICTURE_PATH = /\/(?:images?|img|bilder?|pictures?|photos?|media\/catalog\/product|wp-content\/uploads)\//i;
/**
 * Sites that compare prices or sell (a product's page there, never its
 * picture): the German comparison portals and the large marketplaces.
 */
const PAGE_HOST =
  /^https?:\/\/(?:[\w-]+\.)*(?:idealo|geizhals|billiger|guenstiger|preis|preisvergleich|check24|pricerunner|pricespy|kelkoo|ladenzeile|shopping\.google|google|amazon|ebay|otto|kaufland)\.[a-z.]+(?:[/?#:]|$)/i;

/** A URL that is a picture: a picture file, or a picture host's or a shop's picture folder's. */
export function isPictureLink(value: string): boolean {
  const url = value.trim();
  return looksLikeUrl(url) && (PICTURE_FILE.test(url.replace(/^[^?#]*?:\/\/[^/]+/, "")) || PICTURE_HOST.test(url) || PICTURE_PATH.test(url));
}

/** A URL that is a web page and no picture: a comparison site's or a marketplace's page, or a page by its extension (`.html`, `.php`). */
export function isPageLink(value: string): boolean {
  const url = value.trim();
  if (!looksLikeUrl(url) || isPictureLink(url)) return false;
  return PAGE_HOST.test(url) || /\.(?:html?|php|aspx?|jsp)(?:[?#]|$)/i.test(url);
}

/** An image: a URL, or a picture's file name (BMEcat's MIME_SOURCE is relative to the catalogue's MIME_ROOT). */
export function isImageReference(value: string): boolean {
  // A list of pictures (`https://…/1.jpg, https://…/2.jpg`) counts by its first.
  const first = value.trim().split(/[,;|\s]+/)[0] ?? "";
  return /^https?:\/\/[^\s/]+\/?\S*$/i.test(first) || /^[\w./-]+\.(?:jpe?g|png|webp|gif|avif|tiff?)$/i.test(first);
}
