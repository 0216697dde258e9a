/**
 * What a column's sample values say about its field: how well they fit
 * each field they can speak for (0…1, counted only when most values agree),
 * and which fields they rule out (a column named "EAN" whose values are no
 * GTINs). Combined with the name's score in suggestions.ts.
 */
import type { MarketplaceField } from "#contract/catalogue.ts";
import {
  eanProblem,
  isCategoryPath,
  isColour,
  isCurrency,
  isImageReference,
  isScientificNotation,
  isSize,
  isVatRate,
  looksLikeUrl,
  parsePrice,
} from "./values.ts";

export type ValueEvidence = {
  /** Fields the values speak for, with how surely. */
  supports: Map<MarketplaceField, number>;
  /** Fields the values cannot be: a name saying one of these is not trusted. */
  contradicts: Set<MarketplaceField>;
  /** The column has rows, but every value in them is empty. */
  empty: boolean;
};

/** Fewer filled values than this say nothing against a name. */
const MIN_VALUES_TO_CONTRADICT = 3;

function isGtinLike(value: string): boolean {
  return eanProblem(value) === null || (isScientificNotation(value) && Number(value.replace(",", ".")) >= 1e7);
}

export function valueEvidence(values: readonly string[]): ValueEvidence {
  const filled = values.map((value) => value.trim()).filter((value) => value !== "");
  const supports = new Map<MarketplaceField, number>();
  const contradicts = new Set<MarketplaceField>();
  if (filled.length === 0) return { supports, contradicts, empty: values.length > 0 };
  const share = (test: (value: string) => boolean) => filled.filter(test).length / filled.length;

  const gtins = share(isGtinLike);
  // Valid check digits throughout are no accident: the EAN column, whatever its header says.
  if (gtins >= 0.95 && filled.length >= 3) supports.set("EAN", 0.9);
  else if (gtins >= 0.9) supports.set("EAN", 0.85);
  else if (gtins >= 0.6) supports.set("EAN", 0.6);

  if (share(isCategoryPath) >= 0.6) supports.set("PRODUCT_CATEGORY", 0.75);

  const urls = share(looksLikeUrl);
  if (urls >= 0.8) supports.set("IMAGE_URL", share((value) => /\.(?:jpe?g|png|webp|gif|avif)(?:\?|$)/i.test(value)) >= 0.5 ? 0.75 : 0.55);

  const numbers = share((value) => parsePrice(value) !== null);
  const decimals = share((value) => {
    const price = parsePrice(value);
    return price !== null && price.style !== null && price.value >= 0;
  });
  if (decimals >= 0.8) supports.set("PRICE", 0.45);

  if (share(isCurrency) >= 0.9) supports.set("CURRENCY", 0.75);

  const rates = share(isVatRate);
  const distinct = new Set(filled).size;
  const enough = filled.length >= MIN_VALUES_TO_CONTRADICT;
  if (enough && rates >= 0.9 && distinct <= 4 && filled.some((value) => parsePrice(value)?.value !== 0)) supports.set("VAT_RATE", 0.6);

  const integers = share((value) => /^\d{1,6}$/.test(value));
  if (integers >= 0.8 && gtins < 0.8) supports.set("STOCK_QUANTITY", 0.35);

  if (share(isColour) >= 0.6) supports.set("COLOUR", 0.7);
  if (enough && share(isSize) >= 0.7) supports.set("SIZE", 0.6);

  if (enough) {
    // Flags (0/1, yes/no) are no amounts: a "stock" column of them says whether there is stock, not how much.
    const flags = share((value) => /^(?:0|1|yes|no|true|false|ja|nein|y|n|j)$/i.test(value));
    if (gtins < 0.5) contradicts.add("EAN");
    if (numbers < 0.5 || flags === 1) {
      contradicts.add("PRICE");
      contradicts.add("STOCK_QUANTITY");
    }
    if (rates < 0.5) contradicts.add("VAT_RATE");
    if (share(isCurrency) < 0.5) contradicts.add("CURRENCY");
    if (share(isImageReference) < 0.5) contradicts.add("IMAGE_URL");
  }
  return { supports, contradicts, empty: false };
}
