/**
 * Catalogue files made to hurt the portal, generated where they are used
 * (never committed): an XLSX whose small ZIP inflates to a huge sheet, a
 * CSV with one enormous line, a CSV header with a million columns.
 */
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";

const MiB = 1024 * 1024;

/** `[Content_Types].xml`, the workbook, its relationships and shared strings of a one-sheet workbook. */
function workbookParts(sharedStrings: string[]): Record<string, string> {
  return {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Artikel" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings
      .map((text) => `<si><t>${text}</t></si>`)
      .join("")}</sst>`,
  };
}

/**
 * An XLSX "zip bomb": a workbook of a few hundred KB whose one sheet
 * inflates to `rows` rows of about 180 bytes each (500,000 rows: 87 MB from about 340 KB),
 * every row with a GTIN whose check digit is wrong and a price that is no
 * number, so every row is a problem. Written as Excel does: the sheet
 * before the shared strings.
 */
export function xlsxBomb(rows = 500_000): Buffer {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else chunks.push(data);
  });
  const add = (name: string, text: string) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(strToU8(text), true);
  };
  const parts = workbookParts(["EAN", "Artikelbezeichnung", "Warengruppe", "VK-Preis brutto", "Haushalt &gt; Küche &gt; Zubehör", "auf Anfrage"]);
  add("[Content_Types].xml", parts["[Content_Types].xml"]!);
  add("xl/workbook.xml", parts["xl/workbook.xml"]!);
  add("xl/_rels/workbook.xml.rels", parts["xl/_rels/workbook.xml.rels"]!);
  const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 9 });
  zip.add(sheet);
  sheet.push(
    strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
    ),
  );
  sheet.push(strToU8(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>`));
  let batch = "";
  for (let row = 2; row <= rows + 1; row++) {
    // Without cell references (they are optional): every row is the same bytes, and deflate still shrinks them about 250-fold.
    batch += `<row spans="1:4"><c><v>4006381333932</v></c><c t="inlineStr"><is><t>Artikel ohne Bezeichnung</t></is></c><c t="s"><v>4</v></c><c t="s"><v>5</v></c><c t="s"><v>5</v></c></row>`;
    if (batch.length >= MiB) {
      sheet.push(strToU8(batch));
      batch = "";
    }
  }
  sheet.push(strToU8(`${batch}</sheetData></worksheet>`), true);
  add("xl/sharedStrings.xml", parts["xl/sharedStrings.xml"]!);
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}

/** A CSV whose second line is `bytes` long (a field that never ends in a line break), streamed in pieces of 1 MiB. */
export async function* longLineCsv(bytes = 100 * MiB): AsyncGenerator<Uint8Array> {
  yield Buffer.from("EAN;Artikelbezeichnung;Preis\n4006381333931;Artikel;12,50\n");
  const piece = Buffer.alloc(MiB, "x");
  for (let sent = 0; sent < bytes; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, bytes - sent));
  yield Buffer.from("\n");
}

/** A CSV whose header row has `columns` columns (a million by default: about 8 MB in one line), and one row. */
export function manyColumnsCsv(columns = 1_000_000): Buffer {
  const header = Array.from({ length: columns }, (_, index) => `F${index}`).join(";");
  return Buffer.from(`${header}\n4006381333931;Artikel;12,50\n`);
}

/** A small, ordinary catalogue (about 2.7 KB): what another seller uploads meanwhile. */
export function smallCatalogueCsv(): Buffer {
  return catalogueCsv(2700);
}

/** A sound catalogue of about `bytes` bytes: every EAN valid, every price a price (a file of a bomb's size that is none). */
export function catalogueCsv(bytes: number): Buffer {
  const lines = ["EAN;Artikelbezeichnung;Warengruppe;Hersteller;VK-Preis brutto"];
  for (let row = 0, length = lines[0]!.length; length < bytes; row++) {
    const digits = `4006${String(row).padStart(8, "0")}`;
    let sum = 0;
    for (let index = 0; index < 12; index++) sum += (digits.charCodeAt(index) - 48) * (index % 2 === 0 ? 1 : 3);
    const line = `${digits}${(10 - (sum % 10)) % 10};Artikel ${row};Haushalt;Müller;${(row % 50) + 1},99`;
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}
