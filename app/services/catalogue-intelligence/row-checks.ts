/**
 * Checks each data row against a mapping as the file streams, and keeps the
 * report: counts per problem kind, the first rows of each kind, rows
 * rejected, the price column's decimal style. Holds nothing per row except
 * the GTIN set (see gtin-set.ts).
 */
import { requiredCatalogueFields, type HeaderMapping, type MarketplaceField } from "@contract/catalogue";
import { reportExamplesPerKind, type RowProblem, type RowProblemKind, type ValidationReport } from "@contract/catalogue-analysis";
import { GtinSet } from "./gtin-set";
import { eanProblem, parsePrice, simplePriceStyle, validGtinValue } from "./values";

const VALUE_CHARS = 200;


function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 160 || code === 10 || code === 13;
}

/** Trims only when there is something to trim (most cells have nothing). */
function trimmed(value: string): string {
  if (value.length === 0) return value;
  return isWhitespace(value.charCodeAt(0)) || isWhitespace(value.charCodeAt(value.length - 1)) ? value.trim() : value;
}

function isBlank(value: string): boolean {
  return value.length === 0 || trimmed(value).length === 0;
}

export class RowChecker {
  private readonly eanColumn: number;
  private readonly priceColumn: number;
  private readonly required: { index: number; header: string }[];
  private readonly eanHeader: string;
  private readonly priceHeader: string;
  private readonly gtins = new GtinSet();
  private readonly counts: Partial<Record<RowProblemKind, number>> = {};
  private readonly examples: RowProblem[] = [];
  private rowsChecked = 0;
  private rowsRejected = 0;
  private commaPrices = 0;
  private pointPrices = 0;

  private readonly headers: readonly string[];
  private readonly mapping: HeaderMapping;
  private readonly onProblem?: (problem: RowProblem) => void;
  private readonly text: (cell: string) => string;

  /** `text`: a raw cell → its text, for the values a problem shows. */
  constructor(headers: readonly string[], mapping: HeaderMapping, onProblem?: (problem: RowProblem) => void, text: (cell: string) => string = (cell) => cell) {
    this.headers = headers;
    this.mapping = mapping;
    this.onProblem = onProblem;
    this.text = text;
    const columnOf = (field: MarketplaceField) => {
      const header = Object.keys(mapping).find((key) => mapping[key] === field);
      return { header: header ?? "", index: header === undefined ? -1 : headers.indexOf(header) };
    };
    const ean = columnOf("EAN");
    const price = columnOf("PRICE");
    this.eanColumn = ean.index;
    this.eanHeader = ean.header;
    this.priceColumn = price.index;
    this.priceHeader = price.header;
    this.required = requiredCatalogueFields.map(columnOf).filter((column) => column.index >= 0);
    const read = [this.eanColumn, this.priceColumn, ...this.required.map((column) => column.index)].filter((index) => index >= 0);
    const width = Math.max(1, ...read.map((index) => index + 1));
    this.wanted = Array.from({ length: width }, (_, index) => index === 0 || read.includes(index));
    this.scratch = Array.from({ length: width }, () => "");
  }

  /** One data row (`row`: its 1-based row number in the file). An entirely empty row is no product and is skipped. */
  check(cells: readonly string[], row: number, readable = false): void {
    this.checkFields(cells.length, cells, row, readable);
  }

  /**
   * One data row as a line without quotes: only the checked columns are cut
   * out of it (the others are counted, not copied), which keeps the check
   * cheaper than reading the line.
   */
  checkLine(line: string, delimiter: string, row: number): void {
    const cells = this.scratch;
    let column = 0;
    let start = 0;
    for (let position = line.indexOf(delimiter); position !== -1; position = line.indexOf(delimiter, start)) {
      if (column < cells.length && this.wanted[column]) cells[column] = line.substring(start, position);
      column++;
      start = position + 1;
    }
    if (column < cells.length && this.wanted[column]) cells[column] = line.substring(start);
    const fieldCount = column + 1;
    // Columns past the line's end are empty.
    for (let index = fieldCount; index < cells.length; index++) cells[index] = "";
    this.checkFields(fieldCount, cells, row, false);
  }

  private checkFields(fieldCount: number, cells: readonly string[], row: number, readable: boolean): void {
    if (fieldCount <= 1 && isBlank(cells[0] ?? "")) return;
    this.rowsChecked++;
    const before = this.problemCount;
    this.row = row;
    this.readable = readable;
    if (fieldCount !== this.headers.length) this.report("FIELD_COUNT", "", String(fieldCount));
    for (const { index, header } of this.required) {
      if (isBlank(cells[index] ?? "")) this.report("REQUIRED_EMPTY", header, "");
    }
    if (this.eanColumn >= 0) {
      const value = trimmed(cells[this.eanColumn] ?? "");
      if (value !== "") {
        // The common case, a valid GTIN, is checked in one pass over its digits; anything else is looked at closely.
        const gtin = validGtinValue(value);
        if (gtin < 0) this.report(eanProblem(value) ?? "EAN_FORMAT", this.eanHeader, value);
        else {
          const firstRow = this.gtins.firstRowOf(gtin, row);
          if (firstRow) this.report("EAN_DUPLICATE", this.eanHeader, value, firstRow);
        }
      }
    }
    if (this.priceColumn >= 0) {
      const value = trimmed(cells[this.priceColumn] ?? "");
      if (value !== "") {
        let style = simplePriceStyle(value);
        if (style === undefined) {
          const price = parsePrice(value);
          style = price ? price.style : undefined;
        }
        if (style === undefined) this.report("PRICE_FORMAT", this.priceHeader, value);
        else if (style === "comma") this.commaPrices++;
        else if (style === "point") this.pointPrices++;
      }
    }
    if (this.problemCount > before) this.rowsRejected++;
  }

  private problemCount = 0;
  /** Which columns the checks read, and a reusable row of them for `checkLine`. */
  private readonly wanted: boolean[];
  private readonly scratch: string[];
  private row = 0;
  private readable = false;

  private report(kind: RowProblemKind, column: string, value: string, firstRow: number | null = null): void {
    this.problemCount++;
    const shown = this.readable ? value : this.text(value);
    const problem: RowProblem = { row: this.row, kind, column, value: shown.slice(0, VALUE_CHARS), firstRow };
    const count = (this.counts[kind] ?? 0) + 1;
    this.counts[kind] = count;
    if (count <= reportExamplesPerKind) this.examples.push(problem);
    this.onProblem?.(problem);
  }

  /** True when the GTIN set ran out of room (see gtin-set.ts): later duplicates may be missed. */
  get duplicateCheckFull(): boolean {
    return this.gtins.full;
  }

  validationReport(): ValidationReport {
    return {
      rowsChecked: this.rowsChecked,
      rowsRejected: this.rowsRejected,
      counts: { ...this.counts },
      // Kept per kind as found, so in file order; a stable sort keeps each row's problems in check order.
      examples: [...this.examples].sort((a, b) => a.row - b.row),
      mapping: this.mapping,
      decimalStyle:
        this.commaPrices > 0 && this.pointPrices > 0 ? "mixed" : this.commaPrices > 0 ? "comma" : this.pointPrices > 0 ? "point" : "unknown",
    };
  }
}
