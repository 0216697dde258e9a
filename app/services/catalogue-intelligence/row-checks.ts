/**
 * Checks each data row against a mapping as the file streams, and keeps the
 * report: counts per problem kind, the first rows of each kind, rows
 * rejected, the price column's decimal style. Holds nothing per row except
 * the GTIN set (see gtin-set.ts).
 */
import { requiredCatalogueFields, type HeaderMapping, type MarketplaceField } from "@contract/catalogue";
import { reportExamplesPerKind, type RowProblem, type RowProblemKind, type ValidationReport } from "@contract/catalogue-analysis";
import { GtinSet } from "./gtin-set";
import { eanProblem, gtinKey, parsePrice } from "./values";

const VALUE_CHARS = 200;

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
    if (cells.length <= 1 && (cells[0] ?? "").trim() === "") return;
    this.rowsChecked++;
    let problems = 0;
    const report = (kind: RowProblemKind, column: string, value: string, firstRow: number | null = null) => {
      problems++;
      const shown = readable ? value : this.text(value);
      const problem: RowProblem = { row, kind, column, value: shown.slice(0, VALUE_CHARS), firstRow };
      const count = (this.counts[kind] ?? 0) + 1;
      this.counts[kind] = count;
      if (count <= reportExamplesPerKind) this.examples.push(problem);
      this.onProblem?.(problem);
    };

    if (cells.length !== this.headers.length) report("FIELD_COUNT", "", String(cells.length));
    for (const { index, header } of this.required) {
      if ((cells[index] ?? "").trim() === "") report("REQUIRED_EMPTY", header, "");
    }
    if (this.eanColumn >= 0) {
      const value = (cells[this.eanColumn] ?? "").trim();
      if (value !== "") {
        const verdict = eanProblem(value);
        if (verdict) report(verdict, this.eanHeader, value);
        else {
          const firstRow = this.gtins.firstRowOf(gtinKey(value), row);
          if (firstRow) report("EAN_DUPLICATE", this.eanHeader, value, firstRow);
        }
      }
    }
    if (this.priceColumn >= 0) {
      const value = (cells[this.priceColumn] ?? "").trim();
      if (value !== "") {
        const price = parsePrice(value);
        if (!price) report("PRICE_FORMAT", this.priceHeader, value);
        else if (price.style === "comma") this.commaPrices++;
        else if (price.style === "point") this.pointPrices++;
      }
    }
    if (problems > 0) this.rowsRejected++;
  }

  /** True when the GTIN set ran out of room (see gtin-set.ts): later duplicates may be missed. */
  get duplicateCheckFull(): boolean {
    return this.gtins.full;
  }

  report(): ValidationReport {
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
