/**
 * What the CSV and XLSX readers share once they have rows: the header row,
 * the preview, the suggestions from the first rows, then every row checked
 * against the mapping as it comes.
 */
import type { HeaderMapping } from "../../../../contract/catalogue.ts";
import { previewRowCount, type CatalogueFormat, type ColumnSuggestion, type MappingMemory, type RowProblem } from "../../../../contract/catalogue-analysis.ts";
import { RowChecker } from "./row-checks.ts";
import { memoryCoversExactly, suggestColumns, suggestedMapping } from "./suggestions.ts";
import type { InspectedAnalysis } from "./types.ts";

/** How many data rows the suggestions look at (their values count too). */
export const SAMPLE_ROWS = 50;
const MAX_COLUMNS = 500;
const CELL_CHARS = 500;

export type TableOptions = {
  headerRow: number;
  memory: MappingMemory | null;
  mapping?: HeaderMapping | null;
  onProblem?: (problem: RowProblem) => void;
  /** A raw cell → its text (the CSV reader reads bytes as Latin-1). */
  text: (cell: string) => string;
};

const cut = (row: readonly string[]) => row.slice(0, MAX_COLUMNS).map((cell) => cell.slice(0, CELL_CHARS));

export class TableAnalysis {
  private headers: string[] | null = null;
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

  /** One row of the file (1-based `row`), raw cells. */
  row(cells: string[], row: number): void {
    if (row < this.options.headerRow) return;
    if (row === this.options.headerRow) {
      this.headers = cells.map((cell) => this.options.text(cell).trim());
      this.preview.push(cut(this.headers));
      return;
    }
    if (this.checker) {
      this.checker.check(cells, row);
      return;
    }
    const readable = cells.map(this.options.text);
    if (this.preview.length < previewRowCount + 1) this.preview.push(cut(readable));
    this.samples!.push({ cells: readable, row });
    if (this.samples!.length >= SAMPLE_ROWS) this.startChecking();
  }

  /**
   * One row as a line without quotes (`delimiter` splits it): checked
   * straight from the line once checking has begun, else split and taken as `row`.
   */
  line(line: string, delimiter: string, row: number): void {
    if (this.checker && row > this.options.headerRow) this.checker.checkLine(line, delimiter, row);
    else this.row(line.split(delimiter), row);
  }

  /** Data rows as lines of a piece's text, once checking has begun (see `RowChecker.checkLines`). */
  checkLines(text: string, from: number, delimiter: string, lineEnd: string, trailingCr: boolean, row: number, final?: boolean): { rest: number; row: number } {
    return this.checker!.checkLines(text, from, delimiter, lineEnd, trailingCr, row, final);
  }

  /** Whether rows now go straight to the checks. */
  get checking(): boolean {
    return this.checker !== null;
  }

  /** Suggestions from the rows so far, then the rows held for them checked. */
  private startChecking(): void {
    const headers = this.headers ?? [];
    const held = this.samples ?? [];
    this.samples = null;
    const columnValues = headers.slice(0, MAX_COLUMNS).map((_, index) => held.map(({ cells }) => cells[index] ?? ""));
    const { memory, mapping, onProblem, text } = this.options;
    this.columns = suggestColumns(headers.slice(0, MAX_COLUMNS), columnValues, memory);
    const checkedAgainst = mapping ?? (memoryCoversExactly(headers, memory) ? memory!.headerMapping : suggestedMapping(this.columns));
    this.checker = new RowChecker(headers, checkedAgainst, onProblem, text);
    for (const { cells, row } of held) this.checker.check(cells, row, true);
  }

  /** At the end of the file (or of the preview): the analysis, or null without a header row. */
  finish(format: CatalogueFormat): InspectedAnalysis | null {
    if (!this.headers) return null;
    if (!this.checker) this.startChecking();
    return { format, preview: this.preview, columns: this.columns, report: this.checker!.validationReport() };
  }

  /** Whether the remembered mapping covers this file's headers exactly (the file arrives mapped). */
  arrivesMapped(): boolean {
    return this.headers !== null && !this.options.mapping && memoryCoversExactly(this.headers, this.options.memory);
  }
}
