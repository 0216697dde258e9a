/**
 * Checks each data row against a mapping as the file streams, and keeps the
 * report: counts per problem kind, the first rows of each kind, rows
 * rejected, the price column's decimal style. Holds nothing per row except
 * the GTIN set (see gtin-set.ts). Rows that are no products are passed
 * over: empty rows, rows of another record type ("H" for the document's
 * head when products are "P"), and totals and footers (nothing in the
 * checked columns, and a single value or a word such as "Summe" or "Seite").
 */
import { requiredCatalogueFields, type HeaderMapping, type MarketplaceField } from "#contract/catalogue.ts";
import { reportExamplesPerKind, type RowProblem, type RowProblemKind, type ValidationReport } from "#contract/catalogue-analysis.ts";
import {
  maxProblemsPerProduct,
  optionalProductKeys,
  productKeyFields,
  productKeys,
  productValueChars,
  type ProductIndexEntry,
  type ProductProblem,
  type ProductValues,
} from "#contract/catalogue-products.ts";
import { ComplianceChecks } from "./compliance-checks.ts";
import { firstImageUrl } from "#contract/catalogue-images.ts";
import { blankAt, codeAt, gtinAt, isBlank, simplePriceStyleAt, trimmed } from "./field-text.ts";
import { GtinSet, InvalidEanSet } from "./gtin-set.ts";
import { footerCells, RowSet, type RecordType } from "./product-rows.ts";
import { eanProblem, parsePrice, simplePriceStyle, validGtinValue } from "./values.ts";

export type { RecordType };

const VALUE_CHARS = 200;
const optional = new Set<string>(optionalProductKeys);

export type RowCheckOptions = {
  /** The field count of a complete row (the data rows' usual one); null: not checked (a sheet's rows end at their last value). */
  expectedFields?: number | null;
  recordType?: RecordType | null;
  /** Columns whose values arrive after the rows (a BMEcat 1.x article's group): not checked per row; the reader reports them late. */
  lateColumns?: ReadonlySet<string>;
  /** Every product row checked, with its key values and its problems (for the file's products index); problems found late follow with `values: null`. */
  onProduct?: (entry: ProductIndexEntry) => void;
};

export class RowChecker {
  private readonly eanColumn: number;
  private readonly priceColumn: number;
  private readonly required: { index: number; header: string }[];
  private readonly eanHeader: string;
  private readonly priceHeader: string;
  private readonly gtins = new GtinSet();
  private readonly invalidEans = new InvalidEanSet();
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

  private readonly expectedFields: number | null;
  private readonly recordType: RecordType | null;

  /** `text`: a raw cell → its text, for the values a problem shows. */
  constructor(
    headers: readonly string[],
    mapping: HeaderMapping,
    onProblem?: (problem: RowProblem) => void,
    text: (cell: string) => string = (cell) => cell,
    options: RowCheckOptions = {},
  ) {
    this.headers = headers;
    this.mapping = mapping;
    this.onProblem = onProblem;
    this.text = text;
    this.expectedFields = options.expectedFields === undefined ? headers.length : options.expectedFields;
    this.recordType = options.recordType ?? null;
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
    const late = options.lateColumns ?? new Set<string>();
    this.required = requiredCatalogueFields.map(columnOf).filter((column) => column.index >= 0 && !late.has(column.header));
    this.rejected = late.size > 0 ? new RowSet() : null;
    this.onProduct = options.onProduct ?? null;
    this.keyColumns = this.onProduct ? productKeys.map((key) => columnOf(productKeyFields[key]).index) : [];
    this.imageColumn = this.onProduct ? columnOf("IMAGE_URL").index : -1;
    // Every mapped column, for the fields a product's category requires or recommends and its description's length.
    this.fieldColumns = this.onProduct
      ? [...new Set(Object.values(mapping))].map((field) => ({ field, index: columnOf(field).index })).filter((column) => column.index >= 0)
      : [];
    const checkedColumns = [this.eanColumn, this.priceColumn, ...this.required.map((column) => column.index), this.recordType?.column ?? -1].filter(
      (index) => index >= 0,
    );
    this.checked = [...new Set(checkedColumns.filter((index) => index !== this.recordType?.column))];
    this.compliance = new ComplianceChecks(headers, mapping);
    // The products index also needs the key values', the image address's and the mapped fields' columns cut out of each line.
    const read = [
      ...checkedColumns,
      ...this.keyColumns.filter((index) => index >= 0),
      ...this.compliance.readColumns,
      ...(this.imageColumn >= 0 ? [this.imageColumn] : []),
      ...this.fieldColumns.map((column) => column.index),
    ];
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
    if (!this.isProduct(cells)) return;
    if (this.suspicious(cells) && footerCells(line.split(delimiter), this.checked)) return;
    this.checkFields(fieldCount, cells, row, false, true);
  }

  /**
   * The lines of a piece without quotes, checked where they lie in the
   * piece's text (its bytes as Latin-1 characters): the common case, a valid
   * row, without making a single string. The line and field ends are found
   * with `indexOf` (a search in native code: three times faster here than
   * a loop over the bytes in JavaScript), only the checked fields' positions
   * are noted, the GTIN and the price are read from their digits, and text
   * is made only for a problem's value.
   *
   * From `from`: lines ended by `lineEnd` (with `trailingCr`, a CR before it
   * is no part of the line); `row`: the first line's row number. With
   * `final` the text after the last line end is the file's last line;
   * otherwise it is left for the next piece. Answers where that unchecked
   * text begins and the row number it will have.
   */
  checkLines(text: string, from: number, delimiter: string, lineEnd: string, trailingCr: boolean, row: number, final = false): { rest: number; row: number } {
    const starts = this.fieldStarts;
    const ends = this.fieldEnds;
    const width = starts.length;
    let lineStart = from;
    // The next delimiter, which may already be in a later line.
    let next = text.indexOf(delimiter, from);
    for (let lineStop = text.indexOf(lineEnd, from); lineStop !== -1 || (final && lineStart < text.length); lineStop = text.indexOf(lineEnd, lineStart)) {
      const stop = lineStop === -1 ? text.length : lineStop;
      let column = 0;
      let fieldStart = lineStart;
      while (next !== -1 && next < stop) {
        if (column < width) {
          starts[column] = fieldStart;
          ends[column] = next;
        }
        column++;
        fieldStart = next + 1;
        next = text.indexOf(delimiter, fieldStart);
      }
      const end = trailingCr && lineStop !== -1 && stop > lineStart && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop;
      if (column < width) {
        starts[column] = fieldStart;
        ends[column] = end;
      }
      this.checkFieldsAt(text, column + 1, lineStart, end, row, delimiter);
      row++;
      lineStart = stop + 1;
      if (lineStop === -1) break;
    }
    return { rest: Math.min(lineStart, text.length), row };
  }

  /** One line's row, its first `fieldCount` fields' positions (up to the checked ones) in `fieldStarts`/`fieldEnds`. */
  private checkFieldsAt(text: string, fieldCount: number, start: number, end: number, row: number, delimiter: string): void {
    const starts = this.fieldStarts;
    const ends = this.fieldEnds;
    for (let index = fieldCount; index < starts.length; index++) starts[index] = ends[index] = end;
    if (fieldCount === 1 && blankAt(text, start, end)) return;
    const type = this.recordType;
    if (type && !codeAt(text, starts[type.column]!, ends[type.column]!, type.code)) return;
    const ean = this.eanColumn;
    const eanBlank = ean < 0 || blankAt(text, starts[ean]!, ends[ean]!);
    const gtin = eanBlank ? -1 : gtinAt(text, starts[ean]!, ends[ean]!);
    // No valid GTIN (rare in a good file): a total or a footer is no product.
    const suspicious = ean >= 0 ? gtin < 0 : this.checked.every((column) => blankAt(text, starts[column]!, ends[column]!));
    if (suspicious && footerCells(text.slice(start, end).split(delimiter), this.checked)) return;

    this.rowsChecked++;
    const before = this.problemCount;
    this.row = row;
    this.readable = false;
    if (this.onProduct) this.rowProblems = [];
    if (this.expectedFields !== null && fieldCount !== this.expectedFields) this.report("FIELD_COUNT", "", String(fieldCount));
    for (let index = 0; index < this.required.length; index++) {
      const column = this.required[index]!.index;
      if (blankAt(text, starts[column]!, ends[column]!)) this.report("REQUIRED_EMPTY", this.required[index]!.header, "");
    }
    if (!eanBlank) {
      if (gtin < 0) this.invalidEan(text.substring(starts[ean]!, ends[ean]!).trim());
      else {
        const firstRow = this.gtins.firstRowOf(gtin, row);
        if (firstRow) this.report("EAN_DUPLICATE", this.eanHeader, text.substring(starts[ean]!, ends[ean]!).trim(), firstRow);
      }
    }
    const price = this.priceColumn;
    if (price >= 0 && !blankAt(text, starts[price]!, ends[price]!)) {
      let style = simplePriceStyleAt(text, starts[price]!, ends[price]!);
      if (style === undefined) {
        const value = text.substring(starts[price]!, ends[price]!).trim();
        const parsed = parsePrice(value);
        style = parsed ? parsed.style : undefined;
        if (style === undefined) this.report("PRICE_FORMAT", this.priceHeader, value);
      }
      if (style === "comma") this.commaPrices++;
      else if (style === "point") this.pointPrices++;
    }
    if (this.compliance.active) this.complianceRow((column) => this.text(text.substring(starts[column]!, ends[column]!)));
    if (this.problemCount > before) this.rowsRejected++;
    if (this.onProduct) this.product((column) => (column < 0 ? "" : this.text(text.substring(starts[column]!, ends[column]!))));
  }

  /** The row just checked as an entry of the products index: its key values (`cell`: a column's text) and its problems. */
  private product(cell: (column: number) => string): void {
    // A value the file has no column for is left out when it is optional (the service reads it as empty).
    const values = Object.fromEntries(
      productKeys.flatMap((key, index) =>
        this.keyColumns[index]! < 0 && optional.has(key) ? [] : [[key, cell(this.keyColumns[index]!).trim().slice(0, productValueChars)]],
      ),
    ) as ProductValues;
    const image = this.imageColumn >= 0 ? firstImageUrl(cell(this.imageColumn)) : "";
    const filled: MarketplaceField[] = [];
    let descriptionChars = 0;
    for (const { field, index } of this.fieldColumns) {
      const value = cell(index).trim();
      if (value === "") continue;
      filled.push(field);
      if (field === "DESCRIPTION") descriptionChars = value.length;
    }
    this.onProduct!({
      row: this.row,
      values,
      problems: this.rowProblems!.slice(0, maxProblemsPerProduct),
      attributes: { filled, descriptionChars },
      ...(image ? { image } : {}),
    });
    this.rowProblems = null;
  }

  /**
   * An EAN that is no valid GTIN: its problem, and a duplicate when the same
   * value (as written) was on an earlier row. A number in scientific
   * notation is no duplicate of another: its digits are lost, and many EANs
   * show as the same `4,00638E+12`.
   */
  private invalidEan(value: string): void {
    const problem = eanProblem(value) ?? "EAN_FORMAT";
    this.report(problem, this.eanHeader, value);
    if (problem === "EAN_SCIENTIFIC") return;
    // As text: the first rows are checked as text, later ones on their bytes.
    const firstRow = this.invalidEans.firstRowOf(this.readable ? value : this.text(value), this.row);
    if (firstRow) this.report("EAN_DUPLICATE", this.eanHeader, value, firstRow);
  }

  /** The checked columns' names, for a reader that knows which are filled late. */
  columnOf(field: MarketplaceField): string | null {
    const header = Object.keys(this.mapping).find((key) => this.mapping[key] === field);
    return header ?? null;
  }

  /** Whether the row has the products' record type (any row does in a file without record types). */
  private isProduct(cells: readonly string[]): boolean {
    const type = this.recordType;
    return !type || trimmed(cells[type.column] ?? "") === type.code;
  }

  /** Whether the row has no valid GTIN (without an EAN column: nothing in the checked columns); rare: then the whole row is looked at for a total or a footer. */
  private suspicious(cells: readonly string[]): boolean {
    if (this.eanColumn >= 0) return validGtinValue(trimmed(cells[this.eanColumn] ?? "")) < 0;
    return this.checked.every((column) => isBlank(cells[column] ?? ""));
  }

  /** `sorted`: the caller has already passed over rows that are no products. */
  private checkFields(fieldCount: number, cells: readonly string[], row: number, readable: boolean, sorted = false): void {
    if (fieldCount <= 1 && isBlank(cells[0] ?? "")) return;
    if (!sorted && (!this.isProduct(cells) || (this.suspicious(cells) && footerCells(cells, this.checked)))) return;
    this.rowsChecked++;
    const before = this.problemCount;
    this.row = row;
    this.readable = readable;
    if (this.onProduct) this.rowProblems = [];
    if (this.expectedFields !== null && fieldCount !== this.expectedFields) this.report("FIELD_COUNT", "", String(fieldCount));
    for (const { index, header } of this.required) {
      if (isBlank(cells[index] ?? "")) this.report("REQUIRED_EMPTY", header, "");
    }
    if (this.eanColumn >= 0) {
      const value = trimmed(cells[this.eanColumn] ?? "");
      if (value !== "") {
        // The common case, a valid GTIN, is checked in one pass over its digits; anything else is looked at closely.
        const gtin = validGtinValue(value);
        if (gtin < 0) this.invalidEan(value);
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
    if (this.compliance.active) this.complianceRow((column) => (readable ? (cells[column] ?? "") : this.text(cells[column] ?? "")));
    if (this.problemCount > before) {
      this.rowsRejected++;
      this.rejected?.add(row);
    }
    if (this.onProduct) this.product((column) => (column < 0 ? "" : readable ? (cells[column] ?? "") : this.text(cells[column] ?? "")));
  }

  /**
   * A problem found after its row was checked (a BMEcat article's group
   * arrives at the end of the catalogue): counted like the others; the row
   * counts as rejected unless it already was.
   */
  reportLate(kind: RowProblemKind, column: string, row: number): void {
    this.row = row;
    this.readable = true;
    this.report(kind, column, "");
    this.onProduct?.({ row, values: null, problems: [{ kind, field: this.mapping[column] ?? null }] });
    if (!this.rejected?.has(row)) {
      this.rowsRejected++;
      this.rejected?.add(row);
    }
  }

  /** The product safety and unit price rules (compliance-checks.ts) over a row's text (`cell`: a column's text). */
  private complianceRow(cell: (column: number) => string): void {
    const problems = this.compliance.check(cell);
    if (problems.length === 0) return;
    const readable = this.readable;
    // The values are text already.
    this.readable = true;
    for (const problem of problems) this.report(problem.kind, problem.header, problem.value, null, problem.field);
    this.readable = readable;
  }

  private readonly compliance: ComplianceChecks;

  /** The rows rejected so far, kept only when problems may arrive late. */
  private readonly rejected: RowSet | null;

  /** The columns the checks read (the record-type column aside). */
  private readonly checked: number[];
  private problemCount = 0;
  /** Which columns the checks read, and a reusable row of them for `checkLine`. */
  private readonly wanted: boolean[];
  private readonly scratch: string[];
  private readonly fieldStarts: Int32Array;
  private readonly fieldEnds: Int32Array;
  private readonly onProduct: ((entry: ProductIndexEntry) => void) | null;
  /** The key values' columns, in the order of `productKeys` (-1: not mapped); empty without `onProduct`. */
  private readonly keyColumns: number[];
  /** The image address's column (-1: not mapped, or no products index). */
  private readonly imageColumn: number;
  /** Every mapped column with its field (empty without `onProduct`). */
  private readonly fieldColumns: { field: MarketplaceField; index: number }[];
  /** The problems of the row being checked, for its products index entry. */
  private rowProblems: ProductProblem[] | null = null;
  private row = 0;
  private readable = false;

  /** `field`: the marketplace field concerned when the file has no column for it (else the column's). */
  private report(kind: RowProblemKind, column: string, value: string, firstRow: number | null = null, field: MarketplaceField | null = null): void {
    this.problemCount++;
    const shown = this.readable ? value : this.text(value);
    const problem: RowProblem = { row: this.row, kind, column, value: shown.slice(0, VALUE_CHARS), firstRow };
    const count = (this.counts[kind] ?? 0) + 1;
    this.counts[kind] = count;
    if (count <= reportExamplesPerKind) this.examples.push(problem);
    this.onProblem?.(problem);
    this.rowProblems?.push({ kind, field: column === "" ? field : (this.mapping[column] ?? field) });
  }

  /** True when the GTIN set ran out of room (see gtin-set.ts): later duplicates may be missed. */
  get duplicateCheckFull(): boolean {
    return this.gtins.full || this.invalidEans.full;
  }

  validationReport(): ValidationReport {
    return {
      rowsChecked: this.rowsChecked,
      rowsRejected: this.rowsRejected,
      counts: { ...this.counts },
      // Kept per kind as found, so in file order; a stable sort keeps each row's problems in check order.
      examples: [...this.examples].sort((a, b) => a.row - b.row),
      mapping: this.mapping,
      decimalStyle: this.commaPrices > 0 && this.pointPrices > 0 ? "mixed" : this.commaPrices > 0 ? "comma" : this.pointPrices > 0 ? "point" : "unknown",
    };
  }
}
