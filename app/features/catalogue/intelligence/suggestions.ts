/**
 * Suggests a marketplace field for every column of a file: the seller's
 * remembered mapping first, then the header's name (English, German,
 * synonyms, small typos), then what the column's values look like. Each
 * field goes to at most one column, the most confident one.
 */
import { mappingProblems, marketplaceFields, type HeaderMapping, type MarketplaceField } from "../../../../contract/catalogue.ts";
import type { ColumnSuggestion, MappingMemory } from "../../../../contract/catalogue-analysis.ts";
import { fieldNames } from "./field-names.ts";
import { editDistance, headerWords, normaliseHeader, typoAllowance } from "./normalise.ts";
import { eanProblem, isScientificNotation, looksLikeUrl, parsePrice } from "./values.ts";

/** Below this a suggestion is not made: the seller chooses. */
const MIN_CONFIDENCE = 0.3;
/** The confidence of a renamed header taking over the remembered field. */
const RENAMED_CONFIDENCE = 0.9;
const SAMPLES_SHOWN = 5;
const CELL_CHARS = 500;

type NameEntry = { field: MarketplaceField; name: string; words: number };

const nameTable: NameEntry[] = marketplaceFields.flatMap((field) =>
  [...new Set(fieldNames[field].map(normaliseHeader))].map((name) => ({ field, name, words: 0 })),
);

const round = (value: number) => Math.round(value * 100) / 100;

/** How well a header's name says each field (0…1), from the table of names. */
export function nameConfidence(header: string): Map<MarketplaceField, number> {
  const normalised = normaliseHeader(header);
  const words = headerWords(header);
  const scores = new Map<MarketplaceField, number>();
  const offer = (field: MarketplaceField, score: number) => {
    if (score > (scores.get(field) ?? 0)) scores.set(field, score);
  };
  if (!normalised) return scores;
  for (const { field, name } of nameTable) {
    if (normalised === name) {
      offer(field, 0.95);
      continue;
    }
    const allowance = typoAllowance(Math.min(name.length, normalised.length));
    if (allowance > 0) {
      const distance = editDistance(normalised, name, allowance);
      if (distance <= allowance) {
        offer(field, distance === 1 ? 0.85 : 0.75);
        continue;
      }
    }
    // A known name as one word of a longer header: "Preis (EUR)", "Lagerbestand Berlin".
    if (name.length >= 3 && words.includes(name)) {
      offer(field, 0.7);
      continue;
    }
    if (name.length >= 5 && normalised.includes(name)) offer(field, 0.6);
  }
  return scores;
}

/** How well a column's values say each field (0…1): counted only when most non-empty values agree. */
export function valueConfidence(values: readonly string[]): Map<MarketplaceField, number> {
  const filled = values.map((value) => value.trim()).filter((value) => value !== "");
  const scores = new Map<MarketplaceField, number>();
  if (filled.length === 0) return scores;
  const share = (test: (value: string) => boolean) => filled.filter(test).length / filled.length;
  const gtins = share((value) => eanProblem(value) === null || (isScientificNotation(value) && Number(value.replace(",", ".")) >= 1e7));
  if (gtins >= 0.8) scores.set("EAN", 0.7);
  const urls = share(looksLikeUrl);
  if (urls >= 0.8) scores.set("IMAGE_URL", share((value) => /\.(?:jpe?g|png|webp|gif|avif)(?:\?|$)/i.test(value)) >= 0.5 ? 0.7 : 0.55);
  const decimals = share((value) => {
    const price = parsePrice(value);
    return price !== null && price.style !== null && price.value >= 0;
  });
  if (decimals >= 0.8) scores.set("PRICE", 0.45);
  const smallIntegers = share((value) => /^\d{1,6}$/.test(value));
  if (smallIntegers >= 0.8 && gtins < 0.8) scores.set("STOCK_QUANTITY", 0.35);
  return scores;
}

/** Both say the same field: the name's confidence, a little more sure. */
function combined(header: string, values: readonly string[]): Map<MarketplaceField, { confidence: number; source: "name" | "values" }> {
  const byName = nameConfidence(header);
  const byValues = valueConfidence(values);
  const result = new Map<MarketplaceField, { confidence: number; source: "name" | "values" }>();
  for (const field of new Set([...byName.keys(), ...byValues.keys()])) {
    const name = byName.get(field) ?? 0;
    const value = byValues.get(field) ?? 0;
    if (name > 0) result.set(field, { confidence: round(Math.min(0.99, name + (value > 0 ? 0.05 : 0))), source: "name" });
    else result.set(field, { confidence: round(value), source: "values" });
  }
  return result;
}

/** The field a header's name points to most, if any clearly. */
function bestNamedField(header: string): MarketplaceField | null {
  let best: MarketplaceField | null = null;
  let bestScore = 0.6;
  for (const [field, score] of nameConfidence(header)) {
    if (score > bestScore) {
      best = field;
      bestScore = score;
    }
  }
  return best;
}

/** Whether a header not remembered is most likely a remembered one under a new name. */
function resembles(header: string, remembered: string, rememberedField: MarketplaceField | undefined): boolean {
  const a = normaliseHeader(header);
  const b = normaliseHeader(remembered);
  if (!a || !b) return false;
  if (a === b) return true;
  const allowance = typoAllowance(Math.min(a.length, b.length));
  if (allowance > 0 && editDistance(a, b, allowance) <= allowance) return true;
  if (Math.min(a.length, b.length) >= 4 && (a.includes(b) || b.includes(a))) return true;
  return rememberedField !== undefined && bestNamedField(header) === rememberedField;
}

/**
 * One suggestion per header. `samples[i]` are column i's first values in
 * file order (empty cells included); the more rows, the better the values
 * count (the first five are shown). `memory`: the seller's last saved
 * mapping, or null when none is remembered.
 */
export function suggestColumns(
  headers: readonly string[],
  samples: readonly (readonly string[])[],
  memory: MappingMemory | null | undefined,
): ColumnSuggestion[] {
  const suggestions: ColumnSuggestion[] = headers.map((header, index) => ({
    header: header.slice(0, CELL_CHARS),
    samples: (samples[index] ?? []).slice(0, SAMPLES_SHOWN).map((value) => value.slice(0, CELL_CHARS)),
    field: null,
    confidence: 0,
    source: "none",
    change: null,
    renamedFrom: null,
  }));
  const taken = new Set<MarketplaceField>();
  const decided = new Set<number>();

  if (memory) {
    const present = new Set(headers);
    const known = new Set(memory.headers);
    const missing = memory.headers.filter((header) => !present.has(header));
    headers.forEach((header, index) => {
      if (!known.has(header)) return;
      const field = memory.headerMapping[header] ?? null;
      Object.assign(suggestions[index]!, { field: field && !taken.has(field) ? field : null, confidence: 1, source: "remembered" });
      if (field) taken.add(field);
      decided.add(index);
    });
    headers.forEach((header, index) => {
      if (known.has(header)) return;
      const suggestion = suggestions[index]!;
      const was = missing.find((remembered) => resembles(header, remembered, memory.headerMapping[remembered]));
      if (was === undefined) {
        suggestion.change = "new";
        return;
      }
      missing.splice(missing.indexOf(was), 1);
      const field = memory.headerMapping[was];
      Object.assign(suggestion, { change: "renamed", renamedFrom: was.slice(0, CELL_CHARS) });
      if (field && !taken.has(field)) {
        Object.assign(suggestion, { field, confidence: RENAMED_CONFIDENCE, source: "remembered" });
        taken.add(field);
        decided.add(index);
      }
    });
  }

  const candidates: { index: number; field: MarketplaceField; confidence: number; source: "name" | "values" }[] = [];
  headers.forEach((header, index) => {
    if (decided.has(index)) return;
    for (const [field, { confidence, source }] of combined(header, samples[index] ?? [])) {
      if (confidence >= MIN_CONFIDENCE) candidates.push({ index, field, confidence, source });
    }
  });
  candidates.sort((a, b) => b.confidence - a.confidence || a.index - b.index);
  for (const { index, field, confidence, source } of candidates) {
    if (decided.has(index) || taken.has(field)) continue;
    Object.assign(suggestions[index]!, { field, confidence, source });
    taken.add(field);
    decided.add(index);
  }
  return suggestions;
}

/** The mapping the suggestions make (header → field), for checking the rows. */
export function suggestedMapping(columns: readonly ColumnSuggestion[]): HeaderMapping {
  const mapping: HeaderMapping = {};
  for (const column of columns) if (column.field) mapping[column.header] = column.field;
  return mapping;
}

/** The remembered mapping covers this file exactly: same headers, and it maps every required field. */
export function memoryCoversExactly(headers: readonly string[], memory: MappingMemory | null | undefined): boolean {
  if (!memory) return false;
  const remembered = new Set(memory.headers);
  if (remembered.size !== new Set(headers).size || headers.some((header) => !remembered.has(header))) return false;
  return mappingProblems(memory.headerMapping).length === 0 && Object.keys(memory.headerMapping).every((header) => remembered.has(header));
}
