/**
 * How well a header's name says each marketplace field, from the names of
 * the systems sellers export from (./field-names): an exact name (after
 * normalising) first, then a name with a qualifier in brackets, then small
 * typos, a known name as a word of a longer header, and a known name inside it.
 */
import type { MarketplaceField } from "#contract/catalogue.ts";
import { sourceSystems } from "./field-names/index.ts";
import { editDistance, headerWords, normaliseHeader, typoAllowance } from "./normalise.ts";

/** Every system's entries for one normalised name. */
type Known = { field: MarketplaceField | null; weight: number; system: string }[];

const exact = new Map<string, Known>();
for (const source of sourceSystems) {
  for (const [name, field, , weight = 1] of source.names) {
    const key = normaliseHeader(name);
    if (!key) continue;
    exact.set(key, [...(exact.get(key) ?? []), { field, weight, system: source.system }]);
  }
}

/** The systems whose own names (not the common ones) a file's headers are. */
const MIN_SYSTEM_HEADERS = 3;
const MIN_SYSTEM_SHARE = 0.3;

/**
 * The system a file comes from, when its headers are clearly that system's
 * names (at least three, and a third of the headers): its entries then
 * decide names that systems disagree on (PrestaShop's "Supplier" is a
 * wholesaler, Shopware 5's the manufacturer). Null when no system stands out.
 */
export function detectSourceSystem(headers: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const header of headers) {
    const systems = new Set((exact.get(normaliseHeader(header)) ?? []).map((entry) => entry.system));
    for (const system of systems) counts.set(system, (counts.get(system) ?? 0) + 1);
  }
  counts.delete(sourceSystems[0]!.system);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_SYSTEM_HEADERS || best[1] < headers.length * MIN_SYSTEM_SHARE) return null;
  return second && second[1] === best[1] ? null : best[0];
}

/** The names that say a field, once each with their best weight: what typos and words are matched against. */
const fuzzy: { name: string; field: MarketplaceField; weight: number }[] = [];
{
  const best = new Map<string, { name: string; field: MarketplaceField; weight: number }>();
  for (const [name, known] of exact) {
    for (const { field, weight } of known) {
      if (!field) continue;
      const key = `${name}\u0000${field}`;
      if ((best.get(key)?.weight ?? 0) < weight) best.set(key, { name, field, weight });
    }
  }
  fuzzy.push(...best.values());
}

/** Names of a feature or attribute column whose bracketed qualifier is the real name: `FEATURE (Farbe)`, `Merkmal (Material)`. */
const qualifiedContainers = new Set(["feature", "merkmal", "attribut", "attribute", "eigenschaft", "fname"]);

const EXACT = 0.95;
/** Systems disagree on what the name means (or one says it means nothing of ours): the name says less. */
const DISPUTED = 0.8;
/** A bracketed qualifier (`PRICE_AMOUNT (net_list)`, `Gewicht (g)`) the names do not list: the name without it, slightly less sure. */
const QUALIFIED = 0.95;

function fromKnown(all: Known, system: string | null): Map<MarketplaceField, number> {
  const own = system ? all.filter((entry) => entry.system === system) : [];
  const known = own.length > 0 ? own : all;
  const scores = new Map<MarketplaceField, number>();
  const fields = new Set(known.map((entry) => entry.field));
  const disputed = fields.size > 1 ? DISPUTED : 1;
  for (const { field, weight } of known) {
    if (!field) continue;
    const score = EXACT * weight * disputed;
    if (score > (scores.get(field) ?? 0)) scores.set(field, score);
  }
  return scores;
}

/** The header without a trailing bracketed qualifier, and the qualifier; null when it has none. */
function qualified(header: string): { base: string; qualifier: string } | null {
  const match = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(header.trim());
  return match ? { base: match[1]!, qualifier: match[2]! } : null;
}

/** Exact knowledge only (a listed name, or one with a qualifier): what header-row scoring asks for every cell. */
export function knownNameScores(header: string, system: string | null = null): Map<MarketplaceField, number> | null {
  const known = exact.get(normaliseHeader(header));
  if (known) return fromKnown(known, system);
  const parts = qualified(header);
  if (!parts) return null;
  const container = qualifiedContainers.has(normaliseHeader(parts.base));
  const inner = exact.get(normaliseHeader(container ? parts.qualifier : parts.base));
  if (!inner) return null;
  const scores = fromKnown(inner, system);
  for (const [field, score] of scores) scores.set(field, score * QUALIFIED);
  return scores;
}

/** Whether a cell is a name some system gives one of the marketplace's fields. */
export function isKnownName(cell: string): boolean {
  return (knownNameScores(cell)?.size ?? 0) > 0;
}

/** Whether a name is one a system lists as none of the marketplace's fields (a shop's internal id, a tax class). */
export function namesNoField(header: string, system: string | null = null): boolean {
  const scores = knownNameScores(header, system);
  return scores !== null && scores.size === 0;
}

/**
 * Words that put a column at a packaging level above the article: an outer
 * carton, a pallet, a packing unit. Such a column's EAN, weight or count is
 * the carton's, not the product's ("EAN Karton", "Umkarton-GTIN", "VE").
 * Matched as whole words, and inside German compounds for the longer ones.
 */
const packagingWords = new Set([
  "ve",
  "vpe",
  "carton",
  "cartons",
  "shipper",
  "masterpack",
  "innerpack",
  "mastercarton",
  "outercarton",
  "innercarton",
  "dun14",
  "itf14",
]);
/** Inside a compound: "Umkarton", "Kartoninhalt", "Paletten-EAN", "Verpackungseinheit" (not "Farbpalette": a pallet word starts its word). */
const packagingParts = ["karton", "umverpackung", "verpackungseinheit", "versandeinheit", "gebinde"];

/** Whether a header names a packaging level above the article (its values then say nothing about the product). */
export function describesPackaging(header: string): boolean {
  const words = headerWords(header);
  if (words.some((word) => packagingWords.has(word) || /^(?:palett|pallet)/.test(word))) return true;
  const normalised = normaliseHeader(header);
  return packagingParts.some((part) => normalised.includes(part));
}

/** Words that count: the stock when nothing else qualifies them ("Menge"), a count of something else when something does ("Anzahl Batterien"). */
const quantityWords = ["stueckzahl", "quantity", "anzahl", "menge", "count", "qty"];
/** Words that keep a quantity the stock: where it is, and how much of it there is. */
const STOCK_WORD =
  /^(?:lager|bestand|bestaende|verfueg|vorrat|vorraetig|stock|instock|inventory|avail|onhand|hand|warehouse|lieferbar|frei|free|aktuell|current|gesamt|total|ist|physisch)/;
/** Words that say nothing about what is counted. */
const fillerWords = new Set([
  "der",
  "die",
  "das",
  "des",
  "im",
  "in",
  "am",
  "auf",
  "pro",
  "je",
  "of",
  "the",
  "on",
  "at",
  "per",
  "a",
  "an",
  "stk",
  "st",
  "stueck",
  "pcs",
  "pc",
  "nr",
  "no",
]);

/** Whether a header counts something other than the stock: a quantity word qualified by another noun ("Anzahl Batterien", "Battery quantity", "Bestellmenge"). */
function countsSomethingElse(header: string): boolean {
  const normalised = normaliseHeader(header);
  const quantity = quantityWords.find((word) => normalised.includes(word));
  if (!quantity) return false;
  const rest = headerWords(header)
    .map((word) => (word.includes(quantity) ? word.replace(quantity, "") : word))
    .filter((word) => word !== "" && !fillerWords.has(word) && !quantityWords.includes(word) && !/^\d+$/.test(word));
  return rest.some((word) => !STOCK_WORD.test(word));
}

/** How well a header's name says each field (0…1); `system`: the file's source system, if known (see `detectSourceSystem`). */
export function nameConfidence(header: string, system: string | null = null): Map<MarketplaceField, number> {
  const known = knownNameScores(header, system);
  if (known) return known;
  const normalised = normaliseHeader(header);
  const scores = new Map<MarketplaceField, number>();
  if (!normalised) return scores;
  const words = headerWords(header);
  const offer = (field: MarketplaceField, score: number) => {
    if (score > (scores.get(field) ?? 0)) scores.set(field, score);
  };
  const digits = normalised.replace(/\D/g, "");
  for (const { field, name, weight } of fuzzy) {
    // Digits are never typos: "Nummer 2" is no misspelt "Nummer", "Bild 2" no "Bild 1".
    const allowance = name.replace(/\D/g, "") === digits ? typoAllowance(Math.min(name.length, normalised.length)) : 0;
    if (allowance > 0) {
      const distance = editDistance(normalised, name, allowance);
      if (distance <= allowance) {
        offer(field, (distance === 1 ? 0.85 : 0.75) * weight);
        continue;
      }
    }
    // A known name as one word of a longer header: "Preis (EUR)", "Lagerbestand Berlin".
    if (name.length >= 3 && words.includes(name)) {
      offer(field, 0.7 * weight);
      continue;
    }
    if (name.length >= 5 && normalised.includes(name)) offer(field, 0.6 * weight);
  }
  // A name matched as part of a longer header: the rest of the header may say it counts something else.
  if (scores.has("STOCK_QUANTITY") && countsSomethingElse(header)) scores.delete("STOCK_QUANTITY");
  return scores;
}
