/**
 * What the readers (CSV, XLSX, BMEcat) share once they have rows: the header
 * row (joined with the row above when the header spans two), the preview,
 * the suggestions from the first rows, then every row checked against the
 * mapping as it comes. Columns empty from the left are left out of what the
 * seller sees; the checks read the rows as they are.
 */
import type { HeaderMapping } from "#contract/catalogue.ts";
import { previewRowCount, type CatalogueFormat, type ColumnSuggestion, type MappingMemory, type RowProblem } from "#contract/catalogue-analysis.ts";
import type { ProductIndexEntry } from "#contract/catalogue-products.ts";
import { joinHeaderRows } from "#app/lib/catalogue/header-row.ts";
import { isKnownName } from "#app/lib/catalogue/name-index.ts";
import { normaliseHeader } from "#app/lib/catalogue/normalise.ts";
import { RowChecker, type RecordType } from "./row-checks.ts";
import { memoryCoversExactly, suggestColumns, suggestedMapping } from "./suggestions.ts";
import { checkColumns, checkRows, defaultBudget, type ReadingBudget } from "#app/lib/catalogue/budget.ts";
import type { InspectedAnalysis } from "#app/lib/catalogue/types.ts";
import { Refusal } from "#app/lib/catalogue/reading.ts";

/** How many data rows the suggestions look at (their values count too). */
export const SAMPLE_ROWS = 50;
const MAX_COLUMNS = 500;
const CELL_CHARS = 500;

export type TableOptions = {
  headerRow: number;
  /** 2: the row above `headerRow` is the header's first line. */
  headerRows?: 1 | 2;
  /** Columns left out from the left: empty in the header and the rows below it. */
  skipColumns?: number;
  /** Whether a row with another number of fields than the data rows' usual one is a problem (CSV/TXT; a sheet's rows end at their last value). */
  countFields?: boolean;
  /** The file's first rows as they are (for the header-row question). */
  topRows?: string[][];
  /** Columns whose values arrive after the rows (a BMEcat 1.x article's group): their first values are unknown, not empty. */
  lateColumns?: ReadonlySet<string>;
  memory: MappingMemory | null;
  mapping?: HeaderMapping | null;
  onProblem?: (problem: RowProblem) => void;
  /** Every product row with its key values and problems (see RowChecker). */
  onProduct?: (entry: ProductIndexEntry) => void;
  /** A raw cell → its text (the CSV reader reads bytes as Latin-1). */
  text: (cell: string) => string;
  /** Its rows and columns (see budget.ts): a file with more is refused. */
  budget?: ReadingBudget;
  /** The whole file is read (no preview): a header without a single product under it refuses the file (`noProducts`). */
  productsRequired?: boolean;
};

const cut = (row: readonly string[]) => row.slice(0, MAX_COLUMNS).map((cell) => cell.slice(0, CELL_CHARS));

/** Header names of a record-type column ("H" for the document's head, "P" for each position). */
const recordTypeNames = new Set(["satzart", "satzkennzeichen", "satztyp", "recordtype", "record", "rectype", "linetype", "zeilentyp", "kennzeichen", "sa"]);
/** A record type: one to three capital letters. */
const RECORD_CODE = /^[A-Z]{1,3}$/;

/**
 * The record-type column (the first one) and the type of the product rows,
 * when the first column holds record types: codes only, the product rows'
 * type most of them, and a header that names record types or none of the
 * marketplace's fields (a first column of sizes S, M, L is no record type).
 */
export function recordTypeOf(header: string, values: readonly string[], column: number): RecordType | null {
  const codes = values.map((value) => value.trim()).filter((value) => value !== "");
  if (codes.length < 2 || codes.some((code) => !RECORD_CODE.test(code))) return null;
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  const [code, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const named = recordTypeNames.has(normaliseHeader(header));
  if (!named && (counts.size < 2 || count < codes.length * 0.8 || isKnownName(header))) return null;
  return { column, code };
}

/** The field count most data rows have, when most (60 %) agree; else the header's. */
function usualFieldCount(rows: readonly { cells: string[] }[], headerWidth: number): number {
  const counts = new Map<number, number>();
  for (const { cells } of rows) counts.set(cells.length, (counts.get(cells.length) ?? 0) + 1);
  const [width, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [headerWidth, 0];
  return count >= rows.length * 0.6 ? width : headerWidth;
}

export class TableAnalysis {
  /** The header as the rows have it (leading empty columns included), and as the seller sees it. */
  private rawHeaders: string[] | null = null;
  private headers: string[] | null = null;
  private upperHeader: string[] | null = null;
  private readonly preview: string[][] = [];
  private samples: { cells: string[]; row: number }[] | null = [];
  private columns: ColumnSuggestion[] = [];
  private checker: RowChecker | null = null;

  private readonly options: TableOptions;

  constructor(options: TableOptions) {
    this.options = options;
  }

  get hasHeader(): boolean {
    return this.headers !== null;
  }

  /** The header and the preview rows are there. */
  get previewComplete(): boolean {
    return this.preview.length >= previewRowCount + 1;
  }

  private get budget(): ReadingBudget {
    return this.options.budget ?? defaultBudget;
  }

  private get skip(): number {
    return this.options.skipColumns ?? 0;
  }

  /** One row of the file (1-based `row`), raw cells. */
  row(cells: string[], row: number): void {
    const { headerRow, headerRows = 1 } = this.options;
    checkRows(this.budget, row);
    if (row < headerRow) {
      if (headerRows === 2 && row === headerRow - 1) this.upperHeader = cells.map(this.options.text);
      return;
    }
    if (row === headerRow) {
      checkColumns(this.budget, cells.length);
      const lower = cells.map((cell) => this.options.text(cell).trim());
      this.rawHeaders = (this.upperHeader ? joinHeaderRows(this.upperHeader, lower) : lower).map((cell) => cell.trim());
      this.headers = this.rawHeaders.slice(this.skip);
      this.preview.push(cut(this.headers));
      return;
    }
    if (this.checker) {
      this.checker.check(cells, row);
      return;
    }
    const readable = cells.map(this.options.text);
    if (this.preview.length < previewRowCount + 1) this.preview.push(cut(readable.slice(this.skip)));
    this.samples!.push({ cells: readable, row });
    if (this.samples!.length >= SAMPLE_ROWS) this.startChecking();
  }

  /**
   * One row as a line without quotes (`delimiter` splits it): checked
   * straight from the line once checking has begun, else split and taken as `row`.
   */
  line(line: string, delimiter: string, row: number): void {
    checkRows(this.budget, row);
    if (this.checker && row > this.options.headerRow) this.checker.checkLine(line, delimiter, row);
    else this.row(line.split(delimiter), row);
  }

  /** Data rows as lines of a piece's text, once checking has begun (see `RowChecker.checkLines`). */
  checkLines(text: string, from: number, delimiter: string, lineEnd: string, trailingCr: boolean, row: number, final?: boolean): { rest: number; row: number } {
    const checked = this.checker!.checkLines(text, from, delimiter, lineEnd, trailingCr, row, final);
    checkRows(this.budget, checked.row - 1);
    return checked;
  }

  /** Whether rows now go straight to the checks. */
  get checking(): boolean {
    return this.checker !== null;
  }

  /**
   * Suggestions from the rows so far (the product rows among them, when the
   * first column holds record types), then the rows held for them checked.
   */
  private startChecking(): void {
    const headers = this.headers ?? [];
    const rawHeaders = this.rawHeaders ?? [];
    const held = this.samples ?? [];
    this.samples = null;
    const skip = this.skip;
    const recordType = recordTypeOf(
      headers[0] ?? "",
      held.map(({ cells }) => cells[skip] ?? ""),
      skip,
    );
    const products = recordType ? held.filter(({ cells }) => (cells[skip] ?? "").trim() === recordType.code) : held;
    const { memory, mapping, onProblem, onProduct, text, lateColumns } = this.options;
    const columnValues = headers
      .slice(0, MAX_COLUMNS)
      .map((header, index) => (lateColumns?.has(header) ? [] : products.map(({ cells }) => cells[index + skip] ?? "")));
    this.columns = suggestColumns(headers.slice(0, MAX_COLUMNS), columnValues, memory);
    const checkedAgainst = mapping ?? (memoryCoversExactly(headers, memory) ? memory!.headerMapping : suggestedMapping(this.columns));
    const expectedFields = this.options.countFields === false ? null : usualFieldCount(products, rawHeaders.length);
    this.checker = new RowChecker(rawHeaders, checkedAgainst, onProblem, text, {
      expectedFields,
      recordType,
      lateColumns,
      ...(onProduct ? { onProduct } : {}),
    });
    for (const { cells, row } of held) this.checker.check(cells, row, true);
  }

  /**
   * At the end of the file (or of the preview): the analysis, or null
   * without a header row. A file whose header has no product under it (a
   * template sent back empty, an export of nothing) is refused rather than
   * said to have no problems.
   */
  finish(format: CatalogueFormat): InspectedAnalysis | null {
    if (!this.headers) return null;
    if (!this.checker) this.startChecking();
    const report = this.checker!.validationReport();
    if (this.options.productsRequired && report.rowsChecked === 0) throw new Refusal("noProducts");
    const { topRows } = this.options;
    return { format, preview: this.preview, columns: this.columns, report, ...(topRows ? { topRows } : {}) };
  }

  /** The checks (begun now if the file had fewer rows than the suggestions look at), for a reader that reports problems late. */
  rowChecker(): RowChecker | null {
    if (!this.headers) return null;
    if (!this.checker) this.startChecking();
    return this.checker;
  }

  /** Whether the remembered mapping covers this file's headers exactly (the file arrives mapped). */
  arrivesMapped(): boolean {
    return this.headers !== null && !this.options.mapping && memoryCoversExactly(this.headers, this.options.memory);
  }
}
