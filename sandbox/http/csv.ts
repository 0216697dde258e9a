/**
 * The service's CSV exports: RFC 4180 cells, CRLF lines, and no cell a
 * spreadsheet would run as a formula (one starting with = + - @, a tab or a
 * carriage return is prefixed with an apostrophe and quoted).
 */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvText).join(",")}\r\n`;
}

function csvText(cell: string | null | undefined): string {
  if (!cell) return "";
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return text !== cell || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
