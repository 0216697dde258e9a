/**
 * Which row of a file's first rows holds the column names. Every candidate
 * row is scored: its cells read like names (text, not numbers or key: value
 * notes), some are names the systems sellers export from use, it is as wide
 * as the rows below it, and those rows look like data in the columns where
 * it has names. A template's metadata above its header (a title, "Version;
 * 3.1", "Datum;01.11.2026", "Lieferant: …") is no header and no part of
 * one. A header spread over two rows is joined: a group row over the names
 * ("Preis" over "netto" and "brutto"), or a row of units and currencies
 * under them ("Preis" over "EUR", "Gewicht" over "kg": "Preis (EUR)",
 * each unit with the name right above it). Columns empty from the left in
 * the header and every row below are left out. When the best row does not
 * stand out, the finding says so (`sure: false`) and the seller is asked.
 */
import { maxHeaderRow } from "#contract/catalogue-kinds.ts";
import { isKnownName } from "./name-index.ts";
import { isCurrency, isUnit, unitQualifier } from "./units.ts";

export type HeaderFinding = {
  /** 1-based row of the header (the lower one when it spans two rows: the names under a group row, or the units under the names). */
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

/**
 * "Tel.: 030 123", "USt-IdNr.: DE123…", "Stand: 01.11.2026", "Version=2021.1": a letterhead's, an export note's or a
 * template's line, no name.
 */
function keyValue(cell: string): boolean {
  return (/^[^:]{1,30}:\s*\S/.test(cell) && !/^https?:/i.test(cell)) || /^[\p{L}_][\p{L}\d_ .-]{0,30}=\S/u.test(cell);
}

/** What a template's metadata gives a label: a date, a version, a number, a currency ("01.11.2026", "V 3.1", "2021.1", "EUR"). */
function metadataValue(cell: string): boolean {
  return (
    /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(cell) ||
    /^\d{4}-\d{2}-\d{2}(?:[ T][\d:.]+)?$/.test(cell) ||
    /^(?:v(?:ersion)?\.?\s*)?\d+(?:[.,]\d+)*[a-z]?$/i.test(cell) ||
    isCurrency(cell)
  );
}

type RowFacts = {
  cells: string[];
  filled: number[];
  nameLike: number;
  known: number;
  keyValues: number;
  distinct: number;
  /** A template's metadata line: labels each followed by its value ("Version;3.1;Datum;01.11.2026"), or "key: value" notes only. */
  metadata: boolean;
  /** Every filled cell is a unit or a currency ("EUR", "kg", "[cm]"). */
  units: boolean;
};

/**
 * A row of labels each with its value in the next cell, where the values are
 * no names and at least one is plainly a value (a date, a version, a number,
 * a currency) or a label ends in a colon: a template's metadata, however
 * many pairs it puts in a row.
 */
function labelValuePairs(cells: readonly string[], filled: readonly number[]): boolean {
  if (filled.length < 2 || filled.length % 2 !== 0) return false;
  let plainly = false;
  for (let index = 0; index < filled.length; index += 2) {
    const labelAt = filled[index]!;
    if (filled[index + 1] !== labelAt + 1) return false;
    const label = cells[labelAt]!;
    const value = cells[labelAt + 1]!;
    if (!nameLike(label.replace(/:$/, "")) || isKnownName(value)) return false;
    if (label.endsWith(":") || metadataValue(value)) plainly = true;
  }
  return plainly;
}

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
  return {
    cells,
    filled,
    nameLike: names,
    known,
    keyValues,
    distinct: new Set(filled.map((index) => cells[index])).size,
    metadata: filled.length > 0 && (keyValues === filled.length || labelValuePairs(cells, filled)),
    units: filled.length > 0 && filled.every((index) => isUnit(cells[index]!)),
  };
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
  if (row.metadata) total -= 3;
  else if (row.keyValues > 0) total -= 1.5 * (row.keyValues / filled);
  if (compared.length === 0) total -= 1;
  return total;
}

/**
 * Whether `units` is a row of units and currencies under the names of
 * `names`: each unit within the names' columns, most right under a name
 * ("Preis" over "EUR"; a unit under a merged name's empty cell counts too).
 */
function unitsUnder(units: RowFacts | null | undefined, names: RowFacts | null | undefined): boolean {
  if (!units?.units || !names || names.metadata || names.units || names.filled.length < 2) return false;
  if (names.nameLike < names.filled.length * 0.8) return false;
  const first = names.filled[0]!;
  const last = names.filled.at(-1)!;
  if (units.filled.some((column) => column < first || column > last)) return false;
  return units.filled.filter((column) => names.cells[column] !== "").length * 2 >= units.filled.length;
}

/** Whether `upper` (the row right above the header) is the header's first line: names only, over the header's columns, no title, no metadata. */
function joinsHeader(upper: RowFacts | null, header: RowFacts): boolean {
  if (!upper || upper.filled.length === 0 || upper.filled.length > header.filled.length || upper.metadata) return false;
  // Both rows are names: a row of values under names is data, whoever calls it the header.
  if (header.nameLike < header.filled.length * 0.8) return false;
  if (upper.nameLike !== upper.filled.length) return false;
  const first = header.filled[0]!;
  const last = header.filled.at(-1)!;
  if (upper.filled.some((column) => column < first || column > last)) return false;
  // A single cell at the header's first column is a title ("Preisliste 2026"), not a group over some columns.
  if (upper.filled.length === 1) return upper.filled[0]! > first;
  // Two cells side by side at the header's start, over a wider header, are a label and its value ("Bearbeiter;M. Muster").
  const pair = upper.filled.length === 2 && upper.filled[0] === first && upper.filled[1] === first + 1;
  return !(pair && header.filled.length > 3);
}

/**
 * The header's rows once its names are at row `index` (0-based): the units
 * under them, or the names under the units when the units row was chosen,
 * or a group row over them, else the names alone.
 */
function headerRowsAt(rows: readonly (RowFacts | undefined)[], index: number): { lower: number; rows: 1 | 2 } {
  const row = rows[index];
  if (!row) return { lower: index, rows: 1 };
  if (index > 0 && unitsUnder(row, rows[index - 1])) return { lower: index, rows: 2 };
  if (unitsUnder(rows[index + 1], row)) return { lower: index + 1, rows: 2 };
  if (row.filled.length > 0 && index > 0 && joinsHeader(rows[index - 1] ?? null, row)) return { lower: index, rows: 2 };
  return { lower: index, rows: 1 };
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
  const sure = best.score >= SURE_SCORE && (!next || best.score - next.score >= SURE_MARGIN);
  const { lower, rows: rowsOfHeader } = headerRowsAt(rows, best.index);
  return { row: lower + 1, rows: rowsOfHeader, sure, leadingEmptyColumns: leadingEmpty(rows, lower - (rowsOfHeader - 1)) };
}

/**
 * The header at a row the seller chose (`row`, 1-based), read as a found
 * one is: joined with a group row above or a unit row below (the finding's
 * row is then the units'), without empty leading columns.
 */
export function headerAt(records: readonly (readonly string[])[], row: number): HeaderFinding {
  const rows = records.map((record) => facts(record));
  const { lower, rows: rowsOfHeader } = headerRowsAt(rows, row - 1);
  return { row: lower + 1, rows: rowsOfHeader, sure: true, leadingEmptyColumns: leadingEmpty(rows, lower - (rowsOfHeader - 1)) };
}

function leadingEmpty(rows: readonly RowFacts[], from: number): number {
  const starts = rows
    .slice(from)
    .filter((row) => row.filled.length > 0)
    .map((row) => row.filled[0]!);
  return starts.length ? Math.min(...starts) : 0;
}

/**
 * The column names of a header over two rows. Under a row of units and
 * currencies, each name takes the unit right under it ("Preis" over "EUR" →
 * "Preis (EUR)") and no other: a name never reaches into the next column.
 * Over a group row, each name of the upper row stands over the columns to
 * its right until the next one ("Preis" over "netto" and "brutto" → "Preis
 * netto", "Preis brutto"); where the upper row has nothing (yet), the lower
 * name stands alone.
 */
export function joinHeaderRows(upper: readonly string[], lower: readonly string[]): string[] {
  const width = Math.max(upper.length, lower.length);
  const names: string[] = [];
  const units = lower.filter((cell) => cell.trim() !== "");
  if (units.length > 0 && units.every((cell) => isUnit(cell))) {
    for (let index = 0; index < width; index++) {
      const name = (upper[index] ?? "").trim();
      const unit = (lower[index] ?? "").trim();
      names.push(name && unit ? `${name} ${unitQualifier(unit)}` : name || unit);
    }
    return names;
  }
  let group = "";
  for (let index = 0; index < width; index++) {
    const top = (upper[index] ?? "").trim();
    if (top !== "") group = top;
    const bottom = (lower[index] ?? "").trim();
    names.push(bottom ? (group ? `${group} ${bottom}` : bottom) : top);
  }
  return names;
}
