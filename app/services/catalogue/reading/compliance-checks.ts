/**
 * The row rules for product safety and unit prices, beside the row checks'
 * own (row-checks.ts): which columns they read, and a row's problems from
 * those columns' values. They apply where the file says they do:
 *
 * - CONTENT_QUANTITY_MISSING: goods sold by weight, volume, length or area
 *   (a content unit of measure given, or a category that says so while the
 *   file has a content quantity column) with no content quantity: no unit
 *   price can be shown (PAngV § 4 (1)).
 * - CONTENT_UNREADABLE: a content quantity that reads as no amount, or a
 *   content unit the unit price rules do not know (app/lib/catalogue/unit-price.ts).
 * - RESPONSIBLE_PERSON_MISSING: a manufacturer outside the EU, by its
 *   country or its address's, without the responsible person's name and
 *   address (GPSR Art. 16, 19; app/lib/catalogue/gpsr.ts).
 */
import type { HeaderMapping, MarketplaceField } from "#contract/catalogue.ts";
import type { RowProblemKind } from "#contract/catalogue-analysis.ts";
import { manufacturerOutsideEu } from "#app/lib/catalogue/gpsr.ts";
import { categorySoldByMeasure, contentOf, measureOf } from "#app/lib/catalogue/unit-price.ts";

/** The fields the rules read. */
const fields = [
  "CONTENT_QUANTITY",
  "CONTENT_UNIT",
  "PRODUCT_CATEGORY",
  "MANUFACTURER_COUNTRY",
  "MANUFACTURER_ADDRESS",
  "RESPONSIBLE_PERSON",
  "RESPONSIBLE_PERSON_ADDRESS",
] as const satisfies readonly MarketplaceField[];
type Field = (typeof fields)[number];

export type ComplianceProblem = { kind: RowProblemKind; field: MarketplaceField; header: string; value: string };

/** A column of the file: its header and its position (-1: not mapped). */
type Column = { header: string; index: number };

export class ComplianceChecks {
  private readonly columns: Record<Field, Column>;
  private readonly unitPrice: boolean;
  private readonly safety: boolean;

  constructor(headers: readonly string[], mapping: HeaderMapping) {
    const columnOf = (field: MarketplaceField): Column => {
      const header = Object.keys(mapping).find((key) => mapping[key] === field);
      return { header: header ?? "", index: header === undefined ? -1 : headers.indexOf(header) };
    };
    this.columns = Object.fromEntries(fields.map((field) => [field, columnOf(field)])) as Record<Field, Column>;
    const mapped = (field: Field) => this.columns[field].index >= 0;
    this.unitPrice = mapped("CONTENT_QUANTITY") || mapped("CONTENT_UNIT");
    this.safety = mapped("MANUFACTURER_COUNTRY") || mapped("MANUFACTURER_ADDRESS");
  }

  /** Whether any rule applies to the file (no column of theirs mapped: nothing to check, nothing read). */
  get active(): boolean {
    return this.unitPrice || this.safety;
  }

  /** The columns the rules read, for the row checks to cut out of each line. */
  get readColumns(): number[] {
    return this.active ? fields.map((field) => this.columns[field].index).filter((index) => index >= 0) : [];
  }

  /** A row's problems; `cell`: a column's text (an empty string for -1). */
  check(cell: (column: number) => string): ComplianceProblem[] {
    const problems: ComplianceProblem[] = [];
    const value = (field: Field) => (this.columns[field].index < 0 ? "" : cell(this.columns[field].index).trim());
    const problem = (kind: RowProblemKind, field: Field, shown: string) => problems.push({ kind, field, header: this.columns[field].header, value: shown });
    if (this.unitPrice) {
      const quantity = value("CONTENT_QUANTITY");
      const unit = value("CONTENT_UNIT");
      const content = contentOf(quantity, unit);
      if (content.kind === "unreadable") {
        const field = content.part === "quantity" || this.columns.CONTENT_UNIT.index < 0 ? "CONTENT_QUANTITY" : "CONTENT_UNIT";
        problem("CONTENT_UNREADABLE", field, field === "CONTENT_QUANTITY" ? quantity : unit);
      } else if (content.kind === "none") {
        const byMeasure = measureOf(unit) !== null || (this.columns.CONTENT_QUANTITY.index >= 0 && categorySoldByMeasure(value("PRODUCT_CATEGORY")));
        if (byMeasure) problem("CONTENT_QUANTITY_MISSING", "CONTENT_QUANTITY", "");
      } else if (content.kind === "counted" && unit === "" && quantity !== "" && categorySoldByMeasure(value("PRODUCT_CATEGORY"))) {
        // An amount without a unit for goods sold by weight or volume: the unit is what is missing.
        problem("CONTENT_UNREADABLE", this.columns.CONTENT_UNIT.index >= 0 ? "CONTENT_UNIT" : "CONTENT_QUANTITY", quantity);
      }
    }
    if (this.safety && manufacturerOutsideEu(value("MANUFACTURER_COUNTRY"), value("MANUFACTURER_ADDRESS"))) {
      if (value("RESPONSIBLE_PERSON") === "" || value("RESPONSIBLE_PERSON_ADDRESS") === "") {
        problem("RESPONSIBLE_PERSON_MISSING", value("RESPONSIBLE_PERSON") === "" ? "RESPONSIBLE_PERSON" : "RESPONSIBLE_PERSON_ADDRESS", "");
      }
    }
    return problems;
  }
}
