/** The generated CSV catalogue the products benchmarks read: its header row, and one MiB of its rows to repeat. */

const MiB = 1024 * 1024;

export const CATALOGUE_CSV_HEADER = "EAN;Artikelname;Kategorie;Marke;Preis;Bestand\r\n";

/** Whole catalogue rows, at least one MiB of them. A wrong check digit now and then makes products that need a fix. */
export function catalogueRowsText(): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < MiB; i++) {
    const line = `${String(4006381000000 + i).padStart(13, "0")};Artikel ${i} aus dem Sortiment;Haushalt > Küche > Zubehör;Beispielmarke;${(i % 500) + 0.99};${i % 300}\r\n`;
    lines.push(line);
    length += Buffer.byteLength(line);
  }
  return lines.join("");
}

/** One MiB of catalogue rows, cut after its last whole row: repeated, it never splits a row in two. */
export function catalogueRowsBlock(): Buffer {
  const block = catalogueRowsText();
  return Buffer.from(block.slice(0, block.lastIndexOf("\r\n", MiB - 1) + 2));
}
