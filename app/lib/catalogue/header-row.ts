/**
 * Which row of a file's first rows holds the column names. Every candidate
 * row is scored: its cells read like names (text, not numbers or key: value
 * notes), some are names the systems sellers export from use, it is as wide
 * as the rows below it, and those rows look like data in the columns where
 * it has names. A header spread over two rows ("Preis" over "netto" and
 * "brutto") is joined; columns empty from the left in the header and every
 * row below are left out. When the best row does not stand out, the
 * finding says so (`sure: false`) and the seller is asked.
 */
import { maxHeaderRow } from "#contract/catalogue-analysis.ts";
import { isKnownName } from "./name-index.ts";

export type HeaderFinding = {
  /** 1-based row of the header (the lower one when it spans two rows). */
  row: number;
  /** 2: the row above belongs to the header (its names are joined with this row's). */
  rows: 1 | 2;
  /** false: another row came close; the seller is asked which row holds the column names. */
  sure: boolean;
  /** Columns empty from the left in the header and every row below it that was looked at. */
  leadingEmptyColumns: number;
};

/** How many rows below a candidate are compared with it. */
const ROWS_BELOW = 10;
/** The best row must score this much. */
const SURE_SCORE = 4;
/** …and this much more than the next best. */
const SURE_MARGIN = 1;

const trimmed = (row: readonly string[]) => row.map((cell) => cell.trim());

/** A cell that reads like a column name: letters rather than digits, short, no URL, no mail address, no "key: value" note. */
function nameLike(cell: string): boolean {
  if (cell === "" || cell.length > 60 || cell.includes("://") || cell.includes("@")) return false;
  const letters = cell.match(/\p{L}/gu)?.length ?? 0;
  const digits = cell.match(/\d/g)?.length ?? 0;
  return letters > 0 && letters >= digits * 2 && !keyValue(cell);
}

/** "Tel.: 030 123", "USt-IdNr.: DE123…", "Stand: 01.11.2026": a letterhead's or an export note's line, no name. */
function keyValue(cell: string): boolean {
  return /^[^:]{1,30}:\s*\S/.test(cell) && !/^https?:/i.test(cell);
}

type RowFacts = { cells: string[]; filled: number[]; nameLike: number; known: number; keyValues: number; distinct: number };

function facts(row: readonly string[]): RowFacts {
  const cells = trimmed(row);
  const filled = cells.flatMap((cell, index) => (cell === "" ? [] : [index]));
  let names = 0;
  let known = 0;
  let keyValues = 0;
  for (const index of filled) {
    const cell = cells[index]!;
    if (nameLike(cell)) names++;
    if (keyValue(cell)) keyValues++;
    if (isKnownName(cell)) known++;
  }
  return { cells, filled, nameLike: names, known, keyValues, distinct: new Set(filled.map((index) => cells[index])).size };
}

/** The score of row `index` as the header, given every row's facts. */
function score(rows: readonly (RowFacts | null)[], index: number): number {
  const row = rows[index]!;
  const filled = row.filled.length;
  const below = rows.slice(index + 1).filter((candidate): candidate is RowFacts => candidate !== null && candidate.filled.length > 0);
  const compared = below.slice(0, ROWS_BELOW);
  const positions = new Set(row.filled);
  // The rows below fill the same columns (data under its names).
  const overlap = compared.length
    ? compared.reduce((sum, other) => {
        const shared = other.filled.filter((column) => positions.has(column)).length;
        return sum + shared / (filled + other.filled.length - shared);
      }, 0) / compared.length
    : 0;
  // Where this row has a name, the rows below mostly have something else (numbers, codes, long text).
  const contrasting = row.filled.filter((column) => {
    if (!nameLike(row.cells[column]!)) return false;
    const values = compared.map((other) => other.cells[column] ?? "").filter((cell) => cell !== "");
    return values.length > 0 && values.filter((cell) => !nameLike(cell)).length >= values.length / 2;
  }).length;
  const widest = Math.max(filled, ...compared.map((other) => other.filled.length));
  let total =
    2.5 * Math.min(1, row.known / Math.max(1, Math.min(3, filled / 2))) +
    1.0 * (row.nameLike / filled) +
    1.0 * overlap +
    1.5 * (contrasting / filled) +
    1.0 * (filled / widest) +
    0.5 * (row.distinct / filled);
  if (filled === 1) total -= 2.5;
  if (row.keyValues > 0) total -= 1.5 * (row.keyValues / filled);
  if (compared.length === 0) total -= 1;
  return total;
}

/** Whether `upper` (the row right above the header) is the header's first line: names only, over the header's columns, no title. */
function joinsHeader(upper: RowFacts | null, header: RowFacts): boolean {
  if (!upper || upper.filled.length === 0 || upper.filled.length > header.filled.length) return false;
  // Both rows are names: a row of values under names is data, whoever calls it the header.
  if (header.nameLike < header.filled.length * 0.8) return false;
  if (upper.nameLike !== upper.filled.length) return false;
  const first = header.filled[0]!;
  const last = header.filled.at(-1)!;
  if (upper.filled.some((column) => column < first || column > last)) return false;
  // A single cell at the header's first column is a title ("Preisliste 2026"), not a group over some columns.
  return upper.filled.length >= 2 || upper.filled[0]! > first;
}

/** Every non-empty row within `maxHeaderRow` with its score as the header. */
function candidatesOf(rows: readonly RowFacts[]): { index: number; score: number }[] {
  const candidates: { index: number; score: number }[] = [];
  for (let index = 0; index < Math.min(rows.length, maxHeaderRow); index++) {
    if (rows[index]!.filled.length > 0) candidates.push({ index, score: score(rows, index) });
  }
  return candidates;
}

/** The header-row scores of the first rows (1-based `row`), best first: what `findHeaderRow` decides from. */
export function headerRowScores(records: readonly (readonly string[])[]): { row: number; score: number }[] {
  return candidatesOf(records.map((record) => facts(record)))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ index, score: value }) => ({ row: index + 1, score: Math.round(value * 100) / 100 }));
}

/**
 * The header row of the first rows (`records[0]` is row 1), or null when
 * they are all empty. Rows beyond `maxHeaderRow` are only compared with.
 */
export function findHeaderRow(records: readonly (readonly string[])[]): HeaderFinding | null {
  const rows = records.map((record) => facts(record));
  const candidates = candidatesOf(rows);
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  const [best, next] = candidates as [{ index: number; score: number }, { index: number; score: number } | undefined];
  const header = rows[best.index]!;
  const sure = best.score >= SURE_SCORE && (!next || best.score - next.score >= SURE_MARGIN);
  const rowsOfHeader: 1 | 2 = best.index > 0 && joinsHeader(rows[best.index - 1] ?? null, header) ? 2 : 1;
  return { row: best.index + 1, rows: rowsOfHeader, sure, leadingEmptyColumns: leadingEmpty(rows, best.index - (rowsOfHeader - 1)) };
}

/** The header at a row the seller chose (`row`, 1-based): joined with the row above and without empty leading columns as found ones are. */
export function headerAt(records: readonly (readonly string[])[], row: number): HeaderFinding {
  const rows = records.map((record) => facts(record));
  const header = rows[row - 1] ?? facts([]);
  const rowsOfHeader: 1 | 2 = row > 1 && header.filled.length > 0 && joinsHeader(rows[row - 2] ?? null, header) ? 2 : 1;
  return { row, rows: rowsOfHeader, sure: true, leadingEmptyColumns: leadingEmpty(rows, row - rowsOfHeader) };
}

function leadingEmpty(rows: readonly RowFacts[], from: number): number {
  const starts = rows
    .slice(from)
    .filter((row) => row.filled.length > 0)
    .map((row) => row.filled[0]!);
  return starts.length ? Math.min(...starts) : 0;
}

/**
 * The column names of a header over two rows: each name of the upper row
 * stands over the columns to its right until the next one ("Preis" over
 * "netto" and "brutto" → "Preis netto", "Preis brutto"); where the upper row
 * has nothing (yet), the lower name stands alone.
 */
export function joinHeaderRows(upper: readonly string[], lower: readonly string[]): string[] {
  const width = Math.max(upper.length, lower.length);
  const names: string[] = [];
  let group = "";
  for (let index = 0; index < width; index++) {
    const top = (upper[index] ?? "").trim();
    if (top !== "") group = top;
    const bottom = (lower[index] ?? "").trim();
    names.push(bottom ? (group ? `${group} ${bottom}` : bottom) : top);
  }
  return names;
}
