/**
 * Checks each data row against a mapping as the file streams, and keeps the
 * report: counts per problem kind, the first rows of each kind, rows
 * rejected, the price column's decimal style. Holds nothing per row except
 * the GTIN set (see gtin-set.ts).
 */
import { requiredCatalogueFields, type HeaderMapping, type MarketplaceField } from "@contract/catalogue";
import { reportExamplesPerKind, type RowProblem, type RowProblemKind, type ValidationReport } from "@contract/catalogue-analysis";
import { GtinSet } from "./gtin-set";
import { eanProblem, gtinCheckDigitValid, parsePrice } from "./values";

const VALUE_CHARS = 200;

/** Prices as most files write them (`12`, `12,50`, `12.5`): read without the full parse. */
const SIMPLE_PRICE = /^\d{1,9}(?:([.,])\d{1,2})?$/;

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
  }

  /** One data row (`row`: its 1-based row number in the file). An entirely empty row is no product and is skipped. */
  check(cells: readonly string[], row: number, readable = false): void {
    if (cells.length <= 1 && isBlank(cells[0] ?? "")) return;
    this.rowsChecked++;
    const before = this.problemCount;
    this.row = row;
    this.readable = readable;
    if (cells.length !== this.headers.length) this.report("FIELD_COUNT", "", String(cells.length));
    for (const { index, header } of this.required) {
      if (isBlank(cells[index] ?? "")) this.report("REQUIRED_EMPTY", header, "");
    }
    if (this.eanColumn >= 0) {
      const value = trimmed(cells[this.eanColumn] ?? "");
      if (value !== "") {
        // The common case, a valid GTIN, is checked in one pass over its digits; anything else is looked at closely.
        const verdict = gtinCheckDigitValid(value) ? null : eanProblem(value);
        if (verdict) this.report(verdict, this.eanHeader, value);
        else {
          const firstRow = this.gtins.firstRowOf(Number(value), row);
          if (firstRow) this.report("EAN_DUPLICATE", this.eanHeader, value, firstRow);
        }
      }
    }
    if (this.priceColumn >= 0) {
      const value = trimmed(cells[this.priceColumn] ?? "");
      if (value !== "") {
        const simple = SIMPLE_PRICE.exec(value);
        const style = simple ? (simple[1] === "," ? "comma" : simple[1] === "." ? "point" : null) : (parsePrice(value)?.style ?? undefined);
        if (style === undefined) this.report("PRICE_FORMAT", this.priceHeader, value);
        else if (style === "comma") this.commaPrices++;
        else if (style === "point") this.pointPrices++;
      }
    }
    if (this.problemCount > before) this.rowsRejected++;
  }

  private problemCount = 0;
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
