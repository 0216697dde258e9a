/** Header text as matching sees it: the same for `EAN-Code`, `ean code` and `EANCode`; `Größe`, `Groesse` and `grosse` alike. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** The words of a header, normalised (`Preis (EUR)` → `preis`, `eur`). */
export function headerWords(header: string): string[] {
  return header
    .split(/[^\p{L}\p{N}]+/u)
    .map(normaliseHeader)
    .filter((word) => word.length > 0);
}

/** Optimal string alignment distance (Levenshtein with adjacent swaps), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, table[i - 2]![j - 2]! + 1);
      table[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
  }
  return table[a.length]![b.length]!;
}

/** How many typos a name of this length tolerates: none for short names (`VK`, `EAN` would match too much). */
export function typoAllowance(length: number): number {
  if (length < 5) return 0;
  if (length < 9) return 1;
  return 2;
}
