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

function isWhitespaceByte(byte: number): boolean {
  return byte === 32 || byte === 9 || byte === 0xa0;
}

function blankBytes(bytes: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isWhitespaceByte(bytes[index]!)) return false;
  return true;
}

/** A valid GTIN's number from its digits (spaces around allowed), or -1: what `validGtinValue` does, on bytes. */
function gtinFromBytes(bytes: Buffer, start: number, end: number): number {
  while (start < end && isWhitespaceByte(bytes[start]!)) start++;
  while (end > start && isWhitespaceByte(bytes[end - 1]!)) end--;
  const length = end - start;
  if (length !== 8 && length !== 12 && length !== 13 && length !== 14) return -1;
  let sum = 0;
  let value = 0;
  for (let index = start; index < end - 1; index++) {
    const digit = bytes[index]! - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
    sum += (end - 1 - index) % 2 === 1 ? digit * 3 : digit;
  }
  const check = bytes[end - 1]! - 48;
  if (check < 0 || check > 9 || (10 - (sum % 10)) % 10 !== check) return -1;
  return value * 10 + check;
}

/** `simplePriceStyle` on bytes. */
function simplePriceStyleOfBytes(bytes: Buffer, start: number, end: number): "comma" | "point" | null | undefined {
  while (start < end && isWhitespaceByte(bytes[start]!)) start++;
  while (end > start && isWhitespaceByte(bytes[end - 1]!)) end--;
  const length = end - start;
  if (length === 0 || length > 12) return undefined;
  let separator = -1;
  for (let index = start; index < end; index++) {
    const byte = bytes[index]!;
    if (byte >= 48 && byte <= 57) continue;
    const position = index - start;
    if ((byte === 44 || byte === 46) && separator === -1 && position > 0 && position >= length - 3 && position < length - 1) {
      separator = byte;
      continue;
    }
    return undefined;
  }
  return separator === -1 ? null : separator === 44 ? "comma" : "point";
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
    this.fieldStarts = new Int32Array(width);
    this.fieldEnds = new Int32Array(width);
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

  /**
   * One data row as the bytes of a line without quotes (`start` to `end`,
   * the line break excluded; ASCII delimiter). The common case, a valid row,
   * is checked on the bytes without making a single string: the checked
   * fields' positions are noted in one pass, the GTIN and the price are read
   * from their digits, and text is made only for a problem's value.
   */
  checkBytes(bytes: Buffer, start: number, end: number, delimiter: number, row: number): void {
    const starts = this.fieldStarts;
    const ends = this.fieldEnds;
    const width = starts.length;
    let column = 0;
    let fieldStart = start;
    for (let index = start; index < end; index++) {
      if (bytes[index] === delimiter) {
        if (column < width) {
          starts[column] = fieldStart;
          ends[column] = index;
        }
        column++;
        fieldStart = index + 1;
      }
    }
    if (column < width) {
      starts[column] = fieldStart;
      ends[column] = end;
    }
    const fieldCount = column + 1;
    for (let index = fieldCount; index < width; index++) starts[index] = ends[index] = end;
    if (fieldCount === 1 && blankBytes(bytes, start, end)) return;

    this.rowsChecked++;
    const before = this.problemCount;
    this.row = row;
    this.readable = false;
    const slice = (column: number) => bytes.toString("latin1", starts[column], ends[column]).trim();
    if (fieldCount !== this.headers.length) this.report("FIELD_COUNT", "", String(fieldCount));
    for (const { index, header } of this.required) {
      if (blankBytes(bytes, starts[index]!, ends[index]!)) this.report("REQUIRED_EMPTY", header, "");
    }
    if (this.eanColumn >= 0 && !blankBytes(bytes, starts[this.eanColumn]!, ends[this.eanColumn]!)) {
      const gtin = gtinFromBytes(bytes, starts[this.eanColumn]!, ends[this.eanColumn]!);
      if (gtin < 0) {
        const value = slice(this.eanColumn);
        this.report(eanProblem(value) ?? "EAN_FORMAT", this.eanHeader, value);
      } else {
        const firstRow = this.gtins.firstRowOf(gtin, row);
        if (firstRow) this.report("EAN_DUPLICATE", this.eanHeader, slice(this.eanColumn), firstRow);
      }
    }
    if (this.priceColumn >= 0 && !blankBytes(bytes, starts[this.priceColumn]!, ends[this.priceColumn]!)) {
      let style = simplePriceStyleOfBytes(bytes, starts[this.priceColumn]!, ends[this.priceColumn]!);
      if (style === undefined) {
        const value = slice(this.priceColumn);
        const price = parsePrice(value);
        style = price ? price.style : undefined;
        if (style === undefined) this.report("PRICE_FORMAT", this.priceHeader, value);
      }
      if (style === "comma") this.commaPrices++;
      else if (style === "point") this.pointPrices++;
    }
    if (this.problemCount > before) this.rowsRejected++;
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
  private readonly fieldStarts: Int32Array;
  private readonly fieldEnds: Int32Array;
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
