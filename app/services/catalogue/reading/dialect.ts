/**
 * The delimiter and the header row of a CSV/TXT catalogue, from its first
 * lines (quoted fields respected: a `;` or a line break inside quotes
 * separates nothing).
 */
import Papa from "papaparse";
import { catalogueDelimiters, type CatalogueDelimiter } from "#contract/catalogue-analysis.ts";
import { findHeaderRow } from "#app/lib/catalogue/header-row.ts";

/** How many lines the detection looks at. */
const SAMPLE_LINES = 50;

/** Splits text into lines outside quotes (a quoted line break stays in its line); the last, maybe incomplete, line is left out unless `complete`. */
export function logicalLines(text: string, complete: boolean, limit = SAMPLE_LINES): string[] {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length && lines.length < limit; index++) {
    const char = text.charCodeAt(index);
    if (char === 34) quoted = !quoted;
    else if (!quoted && (char === 10 || char === 13)) {
      lines.push(text.slice(start, index));
      if (char === 13 && text.charCodeAt(index + 1) === 10) index++;
      start = index + 1;
    }
  }
  if (complete && lines.length < limit && start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Counts a delimiter outside quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let count = 0;
  const code = delimiter.charCodeAt(0);
  for (let index = 0; index < line.length; index++) {
    const char = line.charCodeAt(index);
    if (char === 34) quoted = !quoted;
    else if (!quoted && char === code) count++;
  }
  return count;
}

/**
 * The delimiter that splits the first lines most consistently into more than
 * one field: per candidate, the most common count over the non-empty lines,
 * weighed by how many lines have it. `;` wins a tie (German exports with decimal commas).
 */
export function detectDelimiter(lines: readonly string[]): CatalogueDelimiter {
  const filled = lines.filter((line) => line.trim() !== "");
  let best: CatalogueDelimiter = ";";
  let bestScore = 0;
  for (const delimiter of [";", ...catalogueDelimiters.filter((candidate) => candidate !== ";")] as CatalogueDelimiter[]) {
    const counts = filled.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let modeLines = 0;
    let mode = 0;
    for (const [count, lines] of frequency) {
      if (lines > modeLines || (lines === modeLines && count > mode)) {
        modeLines = lines;
        mode = count;
      }
    }
    // Consistency first, more fields as a tie breaker.
    const score = modeLines / Math.max(1, filled.length) + Math.min(mode, 100) / 1000;
    if (mode > 0 && score > bestScore + 1e-9) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** The first lines as records (quoted fields read), for finding the header row. */
export function sampleRecords(text: string, delimiter: CatalogueDelimiter, complete: boolean): string[][] {
  const lines = logicalLines(text, complete, SAMPLE_LINES);
  if (lines.length === 0) return [];
  return Papa.parse<string[]>(lines.join("\n"), { delimiter, newline: "\n", quoteChar: '"', skipEmptyLines: false }).data;
}

/** The line break the file uses (the first one outside quotes): CRLF from Windows, LF, or a lone CR from old Macs. */
export function detectLineBreak(text: string): "\r\n" | "\n" | "\r" {
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 34) quoted = !quoted;
    else if (!quoted && char === 13) return text.charCodeAt(index + 1) === 10 ? "\r\n" : index + 1 < text.length ? "\r" : "\r\n";
    else if (!quoted && char === 10) return "\n";
  }
  return "\n";
}

/** The 1-based header row of the first records (see header-row.ts), or null when every row is empty. */
export function detectHeaderRow(records: readonly string[][]): number | null {
  return findHeaderRow(records)?.row ?? null;
}
