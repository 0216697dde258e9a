/**
 * Which rows of a file are products: the record type of product rows in a
 * file whose first column holds record types, and the totals and footers a
 * price list ends with. Used by the row checks (row-checks.ts).
 */
import { isBlank } from "./field-text.ts";

/** The record-type column of a file whose rows have types, and the type of the product rows. */
export type RecordType = { column: number; code: string };

/** The first word of a totals or footer row. */
const FOOTER =
  /^(?:summe|gesamtsumme|zwischensumme|gesamt|endsumme|total|totals|subtotal|grand total|sum|anzahl|seite|page|stand|ende|end|printed|gedruckt|erstellt)\b/i;

/**
 * Whether a row that has no valid GTIN (or, without an EAN column, nothing
 * in the checked columns) is a total or a footer: a footer word first
 * ("Summe", "Seite 1 von 2"), or a single value outside the checked columns.
 */
export function footerCells(cells: readonly string[], checked: readonly number[]): boolean {
  let first = -1;
  let filled = 0;
  for (let index = 0; index < cells.length; index++) {
    if (isBlank(cells[index]!)) continue;
    if (first === -1) first = index;
    filled++;
  }
  if (first === -1) return true;
  return FOOTER.test(cells[first]!.trim()) || (filled === 1 && !checked.includes(first));
}

/** Row numbers as bits (a million rows: 125 KB). */
export class RowSet {
  private bits = new Uint8Array(1024);

  add(row: number): void {
    if (row >> 3 >= this.bits.length) {
      const larger = new Uint8Array(Math.max(this.bits.length * 2, (row >> 3) + 1));
      larger.set(this.bits);
      this.bits = larger;
    }
    this.bits[row >> 3]! |= 1 << (row & 7);
  }

  has(row: number): boolean {
    return ((this.bits[row >> 3] ?? 0) & (1 << (row & 7))) !== 0;
  }
}
