/**
 * What a column's sample values say about its field: how well they fit
 * each field they can speak for (0…1, counted only when most values agree),
 * which fields they make doubtful (a column named "EAN" whose values are no
 * GTINs: suggested, flagged) and which they rule out (values that are
 * plainly something else: true/false is no stock, a link to a comparison
 * site's page no picture, a percentage no material, pack sizes no VAT
 * rates). Combined with the name's score in suggestions.ts.
 */
import { marketplaceFields, type MarketplaceField } from "#contract/catalogue.ts";
import {
  eanProblem,
  isCategoryPath,
  isColour,
  isCurrency,
  isImageReference,
  isPageLink,
  isPictureLink,
  isScientificNotation,
  isSize,
  looksLikeUrl,
  oneCountrysVatRates,
  parsePrice,
  vatPercent,
} from "./values.ts";

export type ValueEvidence = {
  /** Fields the values speak for, with how surely. */
  supports: Map<MarketplaceField, number>;
  /** Fields the values hardly fit: a name saying one of these is suggested less surely, and flagged. */
  contradicts: Set<MarketplaceField>;
  /** Fields the values cannot be: a name saying one of these is not suggested for it at all. */
  rulesOut: Set<MarketplaceField>;
  /** The column has rows, but every value in them is empty. */
  empty: boolean;
};

/** Fewer filled values than this say nothing against a name. */
const MIN_VALUES_TO_CONTRADICT = 3;
/** Share of the values that must be of a kind for the kind to rule a field out. */
const PLAINLY = 0.8;

/** Yes/no words (a whole number of 0/1 may still be a count): never an amount. */
const YES_NO = /^(?:yes|no|true|false|ja|nein|wahr|falsch|y|n|j|x)$/i;
/** A share in percent ("5 %", "-10%", "+3,5 %"): a surcharge, a discount, a VAT rate. */
const PERCENTAGE = /^[+-]?\d+(?:[.,]\d+)?\s*%$/;
/** Fields whose values are words: a column of numbers or percentages is none of them. */
const wordFields: readonly MarketplaceField[] = ["MATERIAL", "BRAND", "MANUFACTURER"];
const otherThanPictures = marketplaceFields.filter((field) => field !== "IMAGE_URL");

function isGtinLike(value: string): boolean {
  return eanProblem(value) === null || (isScientificNotation(value) && Number(value.replace(",", ".")) >= 1e7);
}

export function valueEvidence(values: readonly string[]): ValueEvidence {
  const filled = values.map((value) => value.trim()).filter((value) => value !== "");
  const supports = new Map<MarketplaceField, number>();
  const contradicts = new Set<MarketplaceField>();
  const rulesOut = new Set<MarketplaceField>();
  if (filled.length === 0) return { supports, contradicts, rulesOut, empty: values.length > 0 };
  const share = (test: (value: string) => boolean) => filled.filter(test).length / filled.length;
  const enough = filled.length >= MIN_VALUES_TO_CONTRADICT;

  const gtins = share(isGtinLike);
  // Valid check digits throughout are no accident: the EAN column, whatever its header says, over another field's
  // name too ("Artikelnummer (EAN)" is the EAN, not the seller's article number).
  if (gtins >= 0.95 && enough) supports.set("EAN", 0.96);
  else if (gtins >= 0.9) supports.set("EAN", 0.85);
  else if (gtins >= 0.6) supports.set("EAN", 0.6);

  if (share(isCategoryPath) >= 0.6) supports.set("PRODUCT_CATEGORY", 0.75);

  const urls = share(looksLikeUrl);
  const pictures = share(isPictureLink);
  const pages = share(isPageLink);
  if (urls >= 0.8 && pages < 0.5) supports.set("IMAGE_URL", pictures >= 0.5 ? 0.75 : 0.55);

  const numbers = share((value) => parsePrice(value) !== null);
  const decimals = share((value) => {
    const price = parsePrice(value);
    return price !== null && price.style !== null && price.value >= 0;
  });
  if (decimals >= 0.8) supports.set("PRICE", 0.45);

  if (share(isCurrency) >= 0.9) supports.set("CURRENCY", 0.75);

  const rates = share((value) => vatPercent(value) !== null);
  const charged = new Set(filled.flatMap((value) => vatPercent(value) ?? []));
  const oneCountrys = oneCountrysVatRates(charged);
  // A few distinct rates, one country's with its standard rate among them: 0/7/19 or 0.07/0.19, not 6/12/24.
  if (enough && rates >= 0.9 && charged.size <= 4 && oneCountrysVatRates(charged, true)) supports.set("VAT_RATE", 0.6);

  const integers = share((value) => /^\d{1,6}$/.test(value));
  // Stock varies from product to product; a handful of small numbers repeated (batteries, pieces a pack) is a count of something else.
  const varied = new Set(filled).size >= Math.min(5, Math.ceil(filled.length / 2));
  if (integers >= 0.8 && gtins < 0.8 && varied) supports.set("STOCK_QUANTITY", 0.35);

  if (share(isColour) >= 0.6) supports.set("COLOUR", 0.7);
  if (enough && share(isSize) >= 0.7) supports.set("SIZE", 0.6);

  if (enough) {
    // Flags (0/1, yes/no) are no amounts: a "stock" column of them says whether there is stock, not how much.
    const flags = share((value) => /^(?:0|1)$/.test(value) || YES_NO.test(value));
    if (gtins < 0.5) contradicts.add("EAN");
    if (numbers < 0.5 || flags === 1) {
      contradicts.add("PRICE");
      contradicts.add("STOCK_QUANTITY");
    }
    if (rates < 0.5 || !oneCountrys) contradicts.add("VAT_RATE");
    if (share(isCurrency) < 0.5) contradicts.add("CURRENCY");
    if (share(isImageReference) < 0.5) contradicts.add("IMAGE_URL");

    // Values that are plainly something else veto the name.
    if (share((value) => YES_NO.test(value)) >= PLAINLY) for (const field of ["PRICE", "STOCK_QUANTITY", "WEIGHT", "VAT_RATE"] as const) rulesOut.add(field);
    if (pages >= 0.5 && pictures < 0.5) rulesOut.add("IMAGE_URL");
    // Addresses are addresses: of a picture at best, never a price, a name or a number.
    if (urls >= PLAINLY) for (const field of otherThanPictures) rulesOut.add(field);
    const percentages = share((value) => PERCENTAGE.test(value));
    if (percentages >= PLAINLY)
      for (const field of ["PRICE", "STOCK_QUANTITY", "WEIGHT", "SIZE", "MATERIAL", "COLOUR", "BRAND", "MANUFACTURER"] as const) rulesOut.add(field);
    if (share((value) => parsePrice(value) !== null || PERCENTAGE.test(value)) >= PLAINLY) for (const field of wordFields) rulesOut.add(field);
  }
  return { supports, contradicts, rulesOut, empty: false };
}
