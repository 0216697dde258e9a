/**
 * Unit prices (Grundpreis) as the German price indication rules of 2022
 * (Preisangabenverordnung, PAngV, in force since 28 May 2022) require them:
 * goods offered by weight, volume, length or area show, beside their total
 * price, the price per quantity unit (§ 4 (1) PAngV), and that unit is 1 kg,
 * 1 l, 1 m³, 1 m or 1 m² (§ 5 (1) PAngV). The old rule's 100 g / 100 ml for
 * packs of at most 250 g or ml was struck out in 2022. Pure: the row checks
 * and the products view share it.
 *
 * A content is what a product holds as sellers' systems write it: a
 * quantity and a unit in two columns (`0,75` and `l`; BMEcat's
 * `NO_CU_PER_OU` and `CONTENT_UNIT` with UN/ECE codes such as `LTR`), or
 * both in one (`500 g`), or a multipack (`6 x 0,5 l`: 3 l).
 */

/** The quantity units of § 5 (1) PAngV. */
export const referenceUnits = ["kg", "l", "m", "m²", "m³"] as const;
export type ReferenceUnit = (typeof referenceUnits)[number];

/** A unit a content may be written in: the reference unit its price is given per, and how many of those one of it is. */
type Measure = { reference: ReferenceUnit; factor: number };

const mass = (factor: number): Measure => ({ reference: "kg", factor });
const litres = (factor: number): Measure => ({ reference: "l", factor });
const metres = (factor: number): Measure => ({ reference: "m", factor });
const square = (factor: number): Measure => ({ reference: "m²", factor });
const cubic = (factor: number): Measure => ({ reference: "m³", factor });

/**
 * Units by their lower-case spelling, as shops write them and as UN/ECE
 * Recommendation 20 codes them (BMEcat's CONTENT_UNIT: GRM, KGM, LTR, MTR…).
 * Volumes per litre but for cubic metres, which keep their own unit (garden
 * soil, firewood, bark mulch are priced per m³).
 */
const measures: Readonly<Record<string, Measure>> = {
  mg: mass(0.000001),
  g: mass(0.001),
  gr: mass(0.001),
  gramm: mass(0.001),
  gram: mass(0.001),
  grams: mass(0.001),
  kg: mass(1),
  kilo: mass(1),
  kilogramm: mass(1),
  kilogram: mass(1),
  ml: litres(0.001),
  cl: litres(0.01),
  dl: litres(0.1),
  l: litres(1),
  ltr: litres(1),
  liter: litres(1),
  litre: litres(1),
  "cm³": litres(0.001),
  cm3: litres(0.001),
  ccm: litres(0.001),
  mm: metres(0.001),
  cm: metres(0.01),
  dm: metres(0.1),
  m: metres(1),
  lfm: metres(1),
  meter: metres(1),
  metre: metres(1),
  "mm²": square(0.000001),
  "cm²": square(0.0001),
  cm2: square(0.0001),
  "m²": square(1),
  m2: square(1),
  qm: square(1),
  sqm: square(1),
  "m³": cubic(1),
  m3: cubic(1),
  cbm: cubic(1),
  // UN/ECE Recommendation 20 codes (BMEcat ORDER_UNIT, CONTENT_UNIT).
  mgm: mass(0.000001),
  grm: mass(0.001),
  kgm: mass(1),
  mlt: litres(0.001),
  clt: litres(0.01),
  dlt: litres(0.1),
  cmq: litres(0.001),
  mmt: metres(0.001),
  cmt: metres(0.01),
  dmt: metres(0.1),
  mtr: metres(1),
  cmk: square(0.0001),
  mtk: square(1),
  mtq: cubic(1),
};

/** Units of counting: goods sold by the piece need no unit price (and are no unit the price rules know). */
const countingUnits = new Set([
  "stk",
  "stk.",
  "st",
  "st.",
  "stück",
  "stueck",
  "pcs",
  "pc",
  "pce",
  "piece",
  "pieces",
  "c62",
  "h87",
  "pk",
  "pack",
  "paar",
  "pair",
  "pr",
  "set",
  "ea",
  "each",
]);

function unitKey(unit: string): string {
  return unit
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\s+/g, "");
}

/** The measure a unit names (weight, volume, length, area), or null (a unit of counting, or none the rules know). */
export function measureOf(unit: string): Measure | null {
  const key = unitKey(unit);
  if (key === "") return null;
  return measures[key] ?? null;
}

/** Whether a unit is one of counting (pieces, packs, pairs): such goods need no unit price. */
export function isCountingUnit(unit: string): boolean {
  return countingUnits.has(unitKey(unit));
}

/** A positive number as shops write it: `0,75`, `0.75`, `1.000,5`, `1,000.5`, `500`. Null for anything else. */
export function amountOf(text: string): number | null {
  const value = text.trim();
  let match: RegExpExecArray | null;
  let number: number;
  if (/^\d+$/.test(value)) number = Number(value);
  else if ((match = /^(\d{1,3}(?:\.\d{3})+),(\d+)$/.exec(value))) number = Number(`${match[1]!.replace(/\./g, "")}.${match[2]}`);
  else if ((match = /^(\d{1,3}(?:,\d{3})+)\.(\d+)$/.exec(value))) number = Number(`${match[1]!.replace(/,/g, "")}.${match[2]}`);
  else if ((match = /^(\d*)[.,](\d+)$/.exec(value))) number = Number(`${match[1] || "0"}.${match[2]}`);
  else return null;
  return Number.isFinite(number) && number > 0 ? number : null;
}

const NUMBER = String.raw`\d[\d.,]*`;
/** `6 x 0,5 l`, `6x0.5`, `6 × 500 ml`, `4 * 125 g`: a count of packs and each one's content. */
const MULTIPACK = new RegExp(String.raw`^(\d+)\s*[x×*]\s*(${NUMBER})\s*(\D.*)?$`, "i");
/** `500 g`, `500g`, `0,75 l`, `2,5 m²`. */
const AMOUNT_AND_UNIT = new RegExp(String.raw`^(${NUMBER})\s*(\D.*)?$`);

export type Content =
  /** The content in its reference unit (`amount` of `reference`), read from what the file says. */
  | { kind: "measured"; amount: number; reference: ReferenceUnit }
  /** Counted goods (pieces), or a quantity without any unit: no unit price applies. */
  | { kind: "counted" }
  /** Nothing given. */
  | { kind: "none" }
  /** A quantity that reads as no number, or a unit the rules do not know. */
  | { kind: "unreadable"; part: "quantity" | "unit" };

/**
 * What a product holds, from its content quantity and content unit as the
 * file writes them. The quantity may carry its unit (`500 g`) or be a
 * multipack (`6 x 0,5 l`, `6 x 0,5` with the unit `l`); a unit written in the
 * quantity wins over the unit column's.
 */
export function contentOf(quantity: string, unit: string): Content {
  const text = quantity.trim();
  const unitText = unit.trim();
  if (text === "") {
    if (unitText === "" || isCountingUnit(unitText)) return { kind: "none" };
    return measureOf(unitText) ? { kind: "none" } : { kind: "unreadable", part: "unit" };
  }
  let count = 1;
  let amountText: string;
  let ownUnit: string;
  const pack = MULTIPACK.exec(text);
  const single = pack ? null : AMOUNT_AND_UNIT.exec(text);
  if (pack) {
    count = Number(pack[1]);
    amountText = pack[2]!;
    ownUnit = (pack[3] ?? "").trim();
  } else if (single) {
    amountText = single[1]!;
    ownUnit = (single[2] ?? "").trim();
  } else return { kind: "unreadable", part: "quantity" };
  const amount = amountOf(amountText);
  if (amount === null || count < 1) return { kind: "unreadable", part: "quantity" };
  const unitName = ownUnit !== "" ? ownUnit : unitText;
  if (unitName === "" || isCountingUnit(unitName)) return { kind: "counted" };
  const measure = measureOf(unitName);
  if (!measure) return { kind: "unreadable", part: ownUnit !== "" ? "quantity" : "unit" };
  return { kind: "measured", amount: round(count * amount * measure.factor, 9), reference: measure.reference };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A price as a number: `12,50`, `12.50`, `1.234,56`, `EUR 12,50`, `12,50 €`; null when it is none. */
export function priceAmount(text: string): number | null {
  const value = text.replace(/\s|€|\$|£|eur|euro|chf|usd|gbp/gi, "");
  if (/^\d+$/.test(value)) return Number(value);
  return amountOf(value);
}

export type UnitPrice = { price: number; per: ReferenceUnit };

/**
 * The unit price of a product: its total price divided by its content in
 * the reference unit (§ 5 (1) PAngV: per 1 kg, 1 l, 1 m, 1 m², 1 m³),
 * rounded to the cent. Null when the product has no measured content or no
 * readable price.
 */
export function unitPrice(price: string, quantity: string, unit: string): UnitPrice | null {
  const content = contentOf(quantity, unit);
  const total = priceAmount(price);
  if (content.kind !== "measured" || total === null || content.amount <= 0) return null;
  return { price: round(total / content.amount, 2), per: content.reference };
}

/**
 * Categories whose goods are offered by weight or volume (food, drinks,
 * detergents), in English and German, as words a category path's part
 * begins with (Google's taxonomy: `Food, Beverages & Tobacco > Beverages`).
 * Tobacco is sold by the packet and is left out.
 */
const MEASURED_CATEGORY =
  /^(food|foods|lebensmittel|nahrungsmittel|beverages?|drinks?|getränke|getraenke|detergents?|laundry detergent|waschmittel|reinigungsmittel|putzmittel)\b/i;
const COUNTED_CATEGORY = /\b(tobacco|tabak|zigaretten|cigarettes?)\b/i;

/** Whether a category (a path or a name) says its goods are sold by weight or volume. */
export function categorySoldByMeasure(category: string): boolean {
  const parts = category
    .split(/\s*[>»/|\\]+\s*/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  // The root "Food, Beverages & Tobacco" names tobacco too: only a part below it (or a category of one part) says so.
  if (parts.some((part, index) => (index > 0 || parts.length === 1) && COUNTED_CATEGORY.test(part))) return false;
  return parts.some((part) => MEASURED_CATEGORY.test(part));
}
