/**
 * CSV cells for spreadsheets: the one rule for every export of the portal.
 *
 * A text that begins with =, +, -, @, a tab or a carriage return can be read
 * as a formula by Excel, LibreOffice or Google Sheets (a value such as
 * `-2+3+cmd|' /C calc'!A0` starts one as surely as `=`): it gets a leading
 * apostrophe, which spreadsheets show as text, and quotes. Numbers are
 * written as numbers, never defused: a number's digits cannot hold a formula.
 * A cell is quoted when it holds a comma, a semicolon, a quote or a line
 * break, so a file splits right whichever of the two separators it uses.
 */

export type CsvDialect = {
  separator: "," | ";";
  /** German spreadsheets read 1,5 as a number and 1.5 as text. */
  decimalComma?: boolean;
};

const COMMA: CsvDialect = { separator: "," };
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined, dialect: CsvDialect = COMMA): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    return dialect.decimalComma ? String(value).replace(".", ",") : String(value);
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return safe !== value || /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, ended with CRLF as RFC 4180 has it. */
export function csvLine(values: readonly (string | number | null | undefined)[], dialect: CsvDialect = COMMA): string {
  return `${values.map((value) => csvCell(value, dialect)).join(dialect.separator)}\r\n`;
}
