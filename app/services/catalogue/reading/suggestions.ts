/**
 * Suggests a marketplace field for every column of a file: the seller's
 * remembered mapping first, then the header's name (the names of the
 * systems sellers export from, small typos) combined with what the
 * column's values look like (values decide where the name is silent, a
 * name whose values hardly fit is suggested less surely, flagged, and one
 * whose values are plainly something else is not suggested). Each field
 * goes to at most one column, the most confident one.
 */
import { mappingProblems, type HeaderMapping, type MarketplaceField } from "#contract/catalogue.ts";
import type { ColumnSuggestion, MappingMemory } from "#contract/catalogue-analysis.ts";
import { describesPackaging, detectSourceSystem, nameConfidence, namesNoField } from "#app/lib/catalogue/name-index.ts";
import { editDistance, normaliseHeader, typoAllowance } from "#app/lib/catalogue/normalise.ts";
import { valueEvidence } from "./value-scoring.ts";

export { nameConfidence };

/** Below this a suggestion is not made: the seller chooses. */
const MIN_CONFIDENCE = 0.3;
/** The confidence of a renamed header taking over the remembered field. */
const RENAMED_CONFIDENCE = 0.9;
/** A name whose values do not fit its field: this share of the name's confidence, and the suggestion says so. */
const DISAGREEING = 0.55;
/** A name over a column whose rows are all empty here: this share of the name's confidence (another column may hold the data). */
const EMPTY_COLUMN = 0.5;
/** Name and values agree: this much surer than the surer of the two. */
const AGREEING = 0.07;
const SAMPLES_SHOWN = 5;
const CELL_CHARS = 500;

const round = (value: number) => Math.round(value * 100) / 100;

/** How well a column's values say each field (0…1): counted only when most non-empty values agree. */
export function valueConfidence(values: readonly string[]): Map<MarketplaceField, number> {
  return valueEvidence(values).supports;
}

type Candidate = { confidence: number; source: "name" | "values"; valuesDisagree: boolean };

/**
 * The name's and the values' say combined, per field. Values that rule a
 * field out veto the name; a column at a packaging level above the article
 * (an outer carton's EAN, a packing unit) is no field of the product's.
 */
function combined(header: string, values: readonly string[], system: string | null): Map<MarketplaceField, Candidate> {
  const result = new Map<MarketplaceField, Candidate>();
  if (describesPackaging(header)) return result;
  const byName = nameConfidence(header, system);
  const evidence = valueEvidence(values);
  // A name a system lists as none of our fields: values alone do not make it one (GTINs aside, whatever the header says).
  const noField = namesNoField(header, system);
  for (const field of new Set([...byName.keys(), ...evidence.supports.keys()])) {
    if (evidence.rulesOut.has(field)) continue;
    const name = byName.get(field) ?? 0;
    const value = evidence.supports.get(field) ?? 0;
    if (name === 0) {
      if (!noField || field === "EAN") result.set(field, { confidence: round(value), source: "values", valuesDisagree: false });
    } else if (evidence.contradicts.has(field)) result.set(field, { confidence: round(name * DISAGREEING), source: "name", valuesDisagree: true });
    else if (value > 0) result.set(field, { confidence: round(Math.min(0.99, Math.max(name, value) + AGREEING)), source: "name", valuesDisagree: false });
    else result.set(field, { confidence: round(evidence.empty ? name * EMPTY_COLUMN : name), source: "name", valuesDisagree: false });
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

  const candidates: ({ index: number; field: MarketplaceField } & Candidate)[] = [];
  const system = detectSourceSystem(headers);
  headers.forEach((header, index) => {
    if (decided.has(index)) return;
    for (const [field, candidate] of combined(header, samples[index] ?? [], system)) {
      if (candidate.confidence >= MIN_CONFIDENCE) candidates.push({ index, field, ...candidate });
    }
  });
  candidates.sort((a, b) => b.confidence - a.confidence || a.index - b.index);
  for (const { index, field, confidence, source, valuesDisagree } of candidates) {
    if (decided.has(index) || taken.has(field)) continue;
    Object.assign(suggestions[index]!, { field, confidence, source, ...(valuesDisagree ? { valuesDisagree } : {}) });
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
