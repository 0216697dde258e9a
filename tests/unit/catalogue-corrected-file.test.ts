/**
 * The corrected file: the stored file streamed through the writers with the
 * corrections applied. Each case reads the original with the portal's own
 * reader (for its format and its products' rows, as the index has them),
 * writes the corrected file in small and large pieces, and reads it again:
 * the corrections are in, every other byte is the original's.
 */
import { readFileSync } from "node:fs";
import { PassThrough, Readable } from "node:stream";
import iconv from "iconv-lite";
import { unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CatalogueFormat } from "#contract/catalogue-analysis.ts";
import type { FileCorrections } from "#contract/catalogue-corrections.ts";
import type { ProductIndexEntry } from "#contract/catalogue-products.ts";
import { productKeyFields, type ProductKey } from "#contract/catalogue-products.ts";
import type { HeaderMapping } from "#contract/catalogue.ts";
import { createCatalogueInspector } from "#app/services/catalogue/reading/inspector.ts";
import { correctedFileName, correctedFileStream, CorrectedFileRefused } from "#app/services/catalogue/corrected-file.server.ts";
import { correctionPlan } from "#app/services/catalogue/reading/corrected-plan.ts";
import { csvCodec, unencodableValue } from "#app/services/catalogue/reading/corrected-csv.ts";
import { BmecatCorrector } from "#app/services/catalogue/reading/corrected-bmecat.ts";
import { giveBack } from "#app/services/http/chunk-leases.server.ts";
import { responseWithNodeBody } from "#app/services/http/node-body.server.ts";
import "../support/catalogue-readers";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/catalogues/${name}`, import.meta.url));

async function read(bytes: Uint8Array, fileName: string, mapping?: HeaderMapping) {
  const products: ProductIndexEntry[] = [];
  const { input, result } = createCatalogueInspector({ fileName, mapping: mapping ?? null, language: "de", onProduct: (entry) => void products.push(entry) });
  for (let offset = 0; offset < bytes.length; offset += 4093)
    if (!input.write(Buffer.from(bytes.subarray(offset, offset + 4093)))) await new Promise((resolve) => input.once("drain", resolve));
  input.end();
  const outcome = await result;
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`);
  const columns: Partial<Record<ProductKey, string>> = {};
  for (const [header, field] of Object.entries(outcome.analysis.report.mapping))
    for (const key of Object.keys(productKeyFields) as ProductKey[]) if (productKeyFields[key] === field) columns[key] = header;
  const withValues = products.flatMap((product) => (product.values ? [{ ...product, values: product.values }] : []));
  return { products: withValues, format: outcome.analysis.format, columns };
}

type Values = { row: number; field: ProductKey; value: string }[];
type Rules = { rule: FileCorrections["rules"][number]["rule"]; field: ProductKey; rows: number[] }[];

function correctionsOf(columns: Partial<Record<ProductKey, string>>, values: Values, rules: Rules = []): FileCorrections {
  return {
    fileId: "file-1",
    fileName: "file.csv",
    format: null,
    values: values.map((value) => ({ ...value, column: columns[value.field]! })),
    rules: rules.map((rule, index) => ({
      id: `rule-${index}`,
      ...rule,
      column: columns[rule.field]!,
      kind: "PRICE_FORMAT",
      products: rule.rows.length,
      at: `2026-11-29T00:00:0${index}Z`,
    })),
    leftOut: [],
  };
}

async function corrected(bytes: Buffer, fileName: string, format: CatalogueFormat, corrections: FileCorrections, piece = 65536): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += piece) pieces.push(bytes.subarray(offset, offset + piece));
  const source = {
    corrections: { ...corrections, fileName, format },
    download: async () => new Response(new Blob(pieces.map((bytes) => new Uint8Array(bytes)))),
  };
  const { stream } = await correctedFileStream(source, new AbortController().signal);
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

/** The lines of `bytes` (split at LF), as Latin-1 text: a byte a character. */
const lines = (bytes: Buffer) => bytes.toString("latin1").split("\n");

describe("a corrected CSV", () => {
  const csv = Buffer.from(
    "\uFEFFSKU;EAN;Name;Preis;Marke;Kategorie\r\n" +
      'A-1;4006381333931;"Topf ""Classic""";12,50 CHF;Kochwerk;Küche\r\n' +
      'A-2;4006381333948;"Pfanne\r\nmit Deckel";9,99;Kochwerk;Küche\r\n' +
      "A-3;4006381333955;Sieb;3,20;Kochwerk;Küche\r\n" +
      "A-4;4006381333962;Kelle;2,10 €;Kochwerk;Küche",
    "utf8",
  );

  it("keeps every byte but the corrected values: BOM, quotes, CRLF, a line break in a field, no line break at the end", async () => {
    const { products, format, columns } = await read(csv, "k.csv");
    expect(products.map((product) => product.row)).toEqual([2, 3, 4, 5]);
    expect(format).toMatchObject({ encoding: "utf-8-bom", delimiter: ";" });
    const corrections = correctionsOf(
      columns,
      [
        // A value that needs quotes once corrected; one in a quoted field; one in the last record, which has no line break.
        { row: 4, field: "title", value: "Sieb; fein" },
        { row: 2, field: "title", value: 'Topf "Classic" 2' },
        { row: 5, field: "brand", value: "Löffelwerk" },
      ],
      [{ rule: "PRICE_CURRENCY_SIGN", field: "price", rows: [2, 5] }],
    );
    const expected = Buffer.from(
      "\uFEFFSKU;EAN;Name;Preis;Marke;Kategorie\r\n" +
        'A-1;4006381333931;"Topf ""Classic"" 2";12,50;Kochwerk;Küche\r\n' +
        'A-2;4006381333948;"Pfanne\r\nmit Deckel";9,99;Kochwerk;Küche\r\n' +
        'A-3;4006381333955;"Sieb; fein";3,20;Kochwerk;Küche\r\n' +
        "A-4;4006381333962;Kelle;2,10;Löffelwerk;Küche",
      "utf8",
    );
    for (const piece of [1, 2, 3, 7, 64, 65536])
      expect((await corrected(csv, "k.csv", format, corrections, piece)).toString("utf8")).toBe(expected.toString("utf8"));
    const again = await read(expected, "k.csv");
    expect(again.products.map((product) => product.values.title)).toEqual(['Topf "Classic" 2', "Pfanne\r\nmit Deckel", "Sieb; fein", "Kelle"]);
  });

  it("counts the rows it passes untouched as the reader does: quoted line breaks and quotes between far-apart corrections", async () => {
    // Most of a large file lies between its corrected rows and goes through the fast way (line breaks alone): records
    // with a quoted line break or a quote in them, a last row without a line break.
    const rows = Array.from({ length: 60 }, (_, index) => {
      const row = index + 2;
      if (row % 7 === 0) return `S-${row};"Glas\r\n""klar"" ${row}";4,20;Kochwerk`;
      if (row % 13 === 0) return `S-${row};"Topf; gross ${row}";4,20;Kochwerk`;
      return `S-${row};Artikel ${row};4,20;Kochwerk`;
    });
    const csv = Buffer.from(`SKU;Name;Preis;Marke\r\n${rows.join("\r\n")}`, "utf8");
    const { products, format, columns } = await read(csv, "lang.csv");
    const rowOf = (sku: string) => products.find((product) => product.values.sku === sku)!.row;
    // After a quoted line break, one itself quoted (it stays quoted), after a quoted separator, the first and the last row.
    const fixed = ["S-2", "S-8", "S-14", "S-27", "S-45", "S-61"];
    expect(fixed.map(rowOf)).toEqual([2, 8, 14, 27, 45, 61]);
    const corrections = correctionsOf(
      columns,
      fixed.map((sku) => ({ row: rowOf(sku), field: "title" as const, value: `Neu ${sku}` })),
    );
    const expected = Buffer.from(
      `SKU;Name;Preis;Marke\r\n${rows.map((line) => (fixed.includes(line.split(";")[0]!) ? line.replace(/;("?)[^;]*;/, `;$1Neu ${line.split(";")[0]}$1;`) : line)).join("\r\n")}`,
      "utf8",
    );
    for (const piece of [1, 2, 3, 5, 7, 13, 64, 100, 65536])
      expect((await corrected(csv, "lang.csv", format, corrections, piece)).toString("utf8"), `pieces of ${piece}`).toBe(expected.toString("utf8"));
  });

  it("writes a Windows-1252 letterhead file in Windows-1252, the rows above the header and every other row unchanged", async () => {
    const original = fixture("preisliste-briefkopf.csv");
    const { products, format, columns } = await read(original, "preisliste-briefkopf.csv");
    expect(format.encoding).toBe("windows-1252");
    expect(format.headerRow).toBeGreaterThan(5);
    const [first, second] = products;
    const corrections = correctionsOf(columns, [
      { row: first!.row, field: "title", value: "Schneidebrett Eiche – groß" },
      { row: second!.row, field: "price", value: "19,95" },
    ]);
    const written = await corrected(original, "preisliste-briefkopf.csv", format, corrections, 97);
    // The en dash and the ß as Windows-1252 bytes, no UTF-8 anywhere.
    expect(written.includes(iconv.encode("Schneidebrett Eiche – groß", "win1252"))).toBe(true);
    expect(written.includes(Buffer.from("–", "utf8"))).toBe(false);
    const before = lines(original);
    const after = lines(written);
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [index + 1]));
    expect(changed).toEqual([first!.row, second!.row]);
    const again = await read(written, "preisliste-briefkopf.csv");
    expect(again.format).toEqual(format);
    expect(again.products.find((product) => product.row === first!.row)!.values.title).toBe("Schneidebrett Eiche – groß");
    expect(again.products.find((product) => product.row === second!.row)!.values.price).toBe("19,95");
  });

  it("refuses a value Windows-1252 cannot write, naming its row and field, before anything is sent", async () => {
    const original = fixture("preisliste-briefkopf.csv");
    const { products, format, columns } = await read(original, "preisliste-briefkopf.csv");
    const corrections = correctionsOf(columns, [{ row: products[2]!.row, field: "title", value: "Brett aus Łódź 🌲" }]);
    expect(unencodableValue(correctionPlan(corrections), csvCodec("windows-1252"))).toMatchObject({ row: products[2]!.row, column: columns.title });
    const refusal = await corrected(original, "preisliste-briefkopf.csv", format, corrections).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CorrectedFileRefused);
    expect(refusal).toMatchObject({ reason: "encoding", row: products[2]!.row, field: "title" });
  });

  it("writes a UTF-16 file back in UTF-16 of the same byte order, its mark kept", async () => {
    const text = "\uFEFFSKU\tEAN\tName\tPreis\r\nA-1\t4006381333931\tTopf\t12,50\r\nA-2\t4006381333948\tPfanne\t9,99\r\n";
    const original = Buffer.from(text, "utf16le");
    const { format, columns } = await read(original, "k.txt");
    expect(format.encoding).toBe("utf-16le");
    const written = await corrected(original, "k.txt", format, correctionsOf(columns, [{ row: 3, field: "title", value: "Pfännchen" }]), 5);
    expect(written.equals(Buffer.from(text.replace("Pfanne", "Pfännchen"), "utf16le"))).toBe(true);
  });

  it("keeps the CR line ends of an old Mac export and finds the header under a title line", async () => {
    const original = fixture("excel-mac-preisliste.csv");
    const { products, format, columns } = await read(original, "excel-mac-preisliste.csv");
    const row = products[1]!.row;
    const value = `Neu${format.delimiter} mit Trenner`;
    const written = await corrected(original, "excel-mac-preisliste.csv", format, correctionsOf(columns, [{ row, field: "title", value }]), 11);
    const before = original.toString("latin1").split("\r");
    const after = written.toString("latin1").split("\r");
    expect(after.flatMap((line, index) => (line === before[index] ? [] : [index + 1]))).toEqual([row]);
    // The separator in the new value: quoted, as the file quotes.
    expect(after[row - 1]).toContain(`"${value}"`);
  });

  it("corrects a row across a 64 KiB piece's end, the first product's first byte, the last byte, and many rows of one piece", async () => {
    // Rows of about 60 bytes with a two-byte character each, in pieces of 64 KiB as the download comes.
    const rows = Array.from({ length: 2400 }, (_, index) => `S-${index + 2};Schüssel ${index + 2};${(index % 90) + 1},50;Kochwerk`);
    const csv = Buffer.from(`SKU;Name;Preis;Marke\r\n${rows.join("\r\n")}`, "utf8");
    const { format, columns } = await read(csv, "grenzen.csv");
    // The row whose bytes span the first piece's end (64 KiB), its title the field across it where the layout allows.
    let offset = Buffer.byteLength("SKU;Name;Preis;Marke\r\n");
    let straddling = 0;
    for (const [index, line] of rows.entries()) {
      const length = Buffer.byteLength(`${line}\r\n`);
      if (offset < 65_536 && offset + length > 65_536) straddling = index + 2;
      offset += length;
    }
    expect(straddling).toBeGreaterThan(2);
    const last = rows.length + 1;
    // Every row of a stretch of the second piece, the row across the piece's end, the first product's SKU (the first byte
    // after the header) and the last row's last field (the file's last byte: no line break after it).
    const many = Array.from({ length: 300 }, (_, index) => straddling + 200 + index);
    const values: Values = [
      { row: 2, field: "sku", value: "S-2-neu" },
      { row: straddling, field: "title", value: `Schüssel "über" die Grenze; ${straddling}` },
      ...many.map((row) => ({ row, field: "title" as const, value: `Schale ${row}` })),
      { row: last, field: "brand", value: "Löffelwerk" },
    ];
    const expectedRows = rows.map((line, index) => {
      const row = index + 2;
      const [sku, title, price, brand] = line.split(";");
      if (row === 2) return `S-2-neu;${title};${price};${brand}`;
      if (row === straddling) return `${sku};"Schüssel ""über"" die Grenze; ${straddling}";${price};${brand}`;
      if (many.includes(row)) return `${sku};Schale ${row};${price};${brand}`;
      if (row === last) return `${sku};${title};${price};Löffelwerk`;
      return line;
    });
    const expected = `SKU;Name;Preis;Marke\r\n${expectedRows.join("\r\n")}`;
    for (const piece of [65_536, 65_535, 4096, 61])
      expect((await corrected(csv, "grenzen.csv", format, correctionsOf(columns, values), piece)).toString("utf8"), `pieces of ${piece}`).toBe(expected);
  });

  it("names the corrected file after the seller's", () => {
    expect(correctedFileName("Preisliste 2026.csv", "corrected")).toBe("Preisliste 2026-corrected.csv");
    expect(correctedFileName("katalog", "korrigiert")).toBe("katalog-korrigiert");
  });
});

describe("a corrected BMEcat file", () => {
  it("replaces the corrected elements' text, escaped, in the language read, and nothing else", async () => {
    const original = fixture("bmecat-2005-haushalt.xml");
    const { products, format, columns } = await read(original, "bmecat-2005-haushalt.xml");
    expect(format.bmecat?.version).toBe("2005");
    const [first, second] = products;
    const corrections = correctionsOf(columns, [
      { row: first!.row, field: "title", value: "Brett & Co <groß>" },
      { row: second!.row, field: "sku", value: "NEU-2" },
    ]);
    const written = await corrected(original, "bmecat-2005-haushalt.xml", format, corrections, 13);
    expect(written.toString("utf8")).toContain(">Brett &amp; Co &lt;groß&gt;<");
    const again = await read(written, "bmecat-2005-haushalt.xml");
    expect(again.products[0]!.values.title).toBe("Brett & Co <groß>");
    expect(again.products[1]!.values.sku).toBe("NEU-2");
    expect(again.products.slice(2)).toEqual(products.slice(2));
    // Every other byte: the original with the two texts replaced.
    const expected = original
      .toString("utf8")
      .replace(`>${first!.values.title}<`, ">Brett &amp; Co &lt;groß&gt;<")
      .replace(`<SUPPLIER_PID>${second!.values.sku}</SUPPLIER_PID>`, "<SUPPLIER_PID>NEU-2</SUPPLIER_PID>");
    expect(written.toString("utf8")).toBe(expected);
  });

  it("passes items to their end tag the fast way exactly as reading every tag does: comments, CDATA, nesting, prefixes", () => {
    const article = (id: number, inside = "") =>
      `<ARTICLE mode="new">\n <SUPPLIER_AID>A-${id}</SUPPLIER_AID>${inside}\n <ARTICLE_DETAILS><DESCRIPTION_SHORT lang="deu">Brett ${id}?!</DESCRIPTION_SHORT><EAN>400638133393${id % 10}</EAN></ARTICLE_DETAILS>\n</ARTICLE>\n`;
    const body = [
      article(1),
      // What hides an end tag or a start tag from a string search, inside an item and between items.
      article(2, "<!-- </ARTICLE> <ARTICLE> -->"),
      "<!-- <ARTICLE>kein Artikel</ARTICLE> -->\n",
      article(3, "<![CDATA[ </ARTICLE> <ARTICLE mode='x'> ]]>"),
      article(4, "<?verarbeitung </ARTICLE> ?>"),
      // A nested element of the item's name, an item's end tag with white space, a start tag over two lines, a `>` in an
      // attribute, an empty item, an element whose name starts like an item's.
      article(5, "<ARTICLE><SUPPLIER_AID>innen</SUPPLIER_AID></ARTICLE>"),
      article(6).replace("</ARTICLE>\n", "</ARTICLE  >\n"),
      article(7).replace("<ARTICLE mode", "<ARTICLE\n   mode"),
      article(8).replace('mode="new"', 'mode="a>b"'),
      "<ARTICLE/>\n",
      "<ARTICLE_TO_CATALOGGROUP_MAP><ART_ID>A-1</ART_ID><CATALOG_GROUP_ID>1</CATALOG_GROUP_ID></ARTICLE_TO_CATALOGGROUP_MAP>\n",
      ...Array.from({ length: 40 }, (_, index) => article(9 + index)),
      // The other item name after the first, then the first again.
      '<PRODUCT mode="new"><SUPPLIER_PID>P-1</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT lang="deu">Topf</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>\n',
      article(49),
    ].join("");
    const file = (items: string) =>
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE BMECAT [ <!ELEMENT ARTICLE ANY> <!-- <ARTICLE> --> ]>\n<BMECAT version="1.2"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE></CATALOG></HEADER><T_NEW_CATALOG>\n${items}</T_NEW_CATALOG></BMECAT>\n`,
        "utf8",
      );
    const plain = file(body);
    // The same items with a namespace prefix: read tag by tag from the first on.
    const prefixed = file(body.replaceAll("<ARTICLE", "<bme:ARTICLE").replaceAll("</ARTICLE", "</bme:ARTICLE"));
    // Rows 2–9 are the items above, 10–49 the forty, 50 the PRODUCT, 51 the last. A corrected item is read tag by tag:
    // the items that could mislead the fast way are not corrected, and the rows after them are (a miscount moves them).
    const rows = [2, 10, 12, 30, 31, 50, 51];
    const plan = correctionPlan({
      values: rows.map((row) => ({ row, field: "title" as const, column: "DESCRIPTION_SHORT", value: `Neu ${row} & mehr` })),
      rules: [],
    });
    const write = (bytes: Buffer, piece: number, tagByTag: boolean) => {
      const corrector = new BmecatCorrector({ plan, encoding: "utf-8", language: "deu", tagByTag });
      const out: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += piece) out.push(...corrector.write(bytes.subarray(offset, offset + piece)));
      out.push(...corrector.end());
      return { bytes: Buffer.concat(out).toString("utf8"), missed: corrector.missed };
    };
    for (const bytes of [plain, prefixed]) {
      const everyTag = write(bytes, bytes.length, true);
      // Each corrected item's title is in (the nested, the commented and the CDATA items counted as the reader counts them).
      expect(everyTag.bytes.match(/Neu \d+ &amp; mehr/g)?.length).toBe(rows.length);
      for (const piece of [1, 2, 5, 9, 64, 333, 4096, bytes.length]) expect(write(bytes, piece, false), `pieces of ${piece}`).toEqual(everyTag);
    }
  });
});

describe("a corrected XLSX workbook", () => {
  it("changes only the corrected cells of the sheet read: a number stays a number, its style kept; every other part as it was", async () => {
    const original = fixture("katalog-titelzeile.xlsx");
    const { products, format, columns } = await read(original, "katalog-titelzeile.xlsx");
    expect(format.sheet).not.toBeNull();
    const [first, second] = products;
    const corrections = correctionsOf(columns, [
      { row: first!.row, field: "title", value: "Brett & Co <groß>" },
      { row: second!.row, field: "price", value: "19.95" },
    ]);
    const written = await corrected(original, "katalog-titelzeile.xlsx", format, corrections);
    const again = await read(written, "katalog-titelzeile.xlsx");
    expect(again.format).toEqual(format);
    expect(again.products[0]!.values.title).toBe("Brett & Co <groß>");
    expect(again.products[1]!.values.price).toBe("19.95");
    expect(again.products.slice(2)).toEqual(products.slice(2));
    expect(again.products[0]!.values.price).toBe(products[0]!.values.price);

    const before = unzipSync(new Uint8Array(original));
    const after = unzipSync(new Uint8Array(written));
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    const sheet = Object.keys(before).filter((name) => !Buffer.from(before[name]!).equals(Buffer.from(after[name]!)));
    expect(sheet).toHaveLength(1);
    const xml = Buffer.from(after[sheet[0]!]!).toString("utf8");
    expect(xml).toContain("Brett &amp; Co &lt;groß&gt;</t></is></c>");
    // The price cell keeps its style and stays a number.
    const priceCell = new RegExp(`<c r="[A-Z]+${second!.row}"( s="\\d+")?><v>19.95</v></c>`);
    expect(xml).toMatch(priceCell);
  });
});

describe("a file with nothing corrected", () => {
  it("comes back byte for byte, also where its reading was not kept (a seeded or older file)", async () => {
    const bytes = Buffer.from("SKU;Preis\r\nA-1;12,50\r\n", "latin1");
    const source = {
      corrections: { fileId: "file-1", fileName: "alt.csv", format: null, values: [], rules: [], leftOut: [] } as FileCorrections,
      download: async () => new Response(new Uint8Array(bytes)),
    };
    const { stream } = await correctedFileStream(source, new AbortController().signal);
    const out: Buffer[] = [];
    for await (const chunk of stream) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(bytes)).toBe(true);
    // With a correction, the reading is needed to write it: refused before a byte is sent.
    const corrections = { ...source.corrections, values: [{ row: 2, field: "price", column: "Preis", value: "13,50" }] } as unknown as FileCorrections;
    await expect(correctedFileStream({ ...source, corrections }, new AbortController().signal)).rejects.toBeInstanceOf(CorrectedFileRefused);
  });
});

describe("the download's own chunks (asked for unheld: the service's answer as Node's client gives it)", () => {
  const format: CatalogueFormat = { encoding: "utf-8", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true };
  const rows = Array.from({ length: 6000 }, (_, index) => `A-${index + 2};${index},50\r\n`).join("");
  const csv = Buffer.from(`SKU;Preis\r\n${rows}`, "latin1");
  /** The file in pieces of 16 KiB, each a buffer of its own, as the HTTP client hands them over. */
  const owned = () => {
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < csv.length; offset += 16 * 1024) chunks.push(Buffer.from(new Uint8Array(csv.subarray(offset, offset + 16 * 1024)).buffer));
    return chunks;
  };
  /** What each download was asked for: whether the upstream stream should hold the chunks. */
  let asked: boolean[] = [];
  const sourceOf = (chunks: Buffer[], values: FileCorrections["values"]) => ({
    corrections: { fileId: "file-1", fileName: "katalog.csv", format, values, rules: [], leftOut: [] },
    download: async (holdChunks: boolean) => {
      asked.push(holdChunks);
      return responseWithNodeBody(Readable.from(chunks), { status: 200, headers: { "Content-Length": String(csv.length) } });
    },
  });
  beforeEach(() => {
    asked = [];
  });
  // Held twice (by the upstream stream and by the writer), a chunk would be given back once and never freed.
  afterEach(() => expect(asked).toEqual([false]));

  it("are held by the writer's one stage: a chunk lent to the socket stays whole until written, then is freed", async () => {
    const chunks = owned();
    const values = [{ row: 5000, field: "price" as const, column: "Preis", value: "99,99" }];
    const { stream, contentLength } = await correctedFileStream(sourceOf(chunks, values), new AbortController().signal);
    expect(contentLength).toBeNull();
    // Piece by piece as the server takes them ('data'; an iterator's read() would join what is buffered into a copy).
    const pieces: Buffer[] = [];
    stream.on("data", (piece: Buffer) => void pieces.push(piece));
    await new Promise((resolve) => stream.once("end", resolve));
    // Nothing given back yet: every piece still reads, the chunks the pieces are views of are held whole.
    expect(Buffer.concat(pieces).toString("latin1")).toBe(csv.toString("latin1").replace("A-5000;4998,50", "A-5000;99,99"));
    const lent = chunks.filter((chunk) => pieces.some((piece) => piece.buffer === chunk.buffer));
    expect(lent.length).toBeGreaterThan(0);
    expect(lent.every((chunk) => chunk.buffer.byteLength > 0)).toBe(true);
    // Written (given back, as writeGivingBack does): freed at once, and so is every chunk the writer copied.
    for (const piece of pieces) giveBack(piece);
    expect(chunks.map((chunk) => chunk.buffer.byteLength)).toEqual(chunks.map(() => 0));
  });

  it("with nothing corrected: the download itself, its length kept, its chunks held as the file as stored's are", async () => {
    const chunks = owned();
    const { stream, contentLength } = await correctedFileStream(sourceOf(chunks, []), new AbortController().signal);
    expect(contentLength).toBe(String(csv.length));
    const pieces: Buffer[] = [];
    for await (const piece of stream) pieces.push(Buffer.from(piece as Buffer));
    expect(Buffer.concat(pieces).equals(csv)).toBe(true);
    for (const chunk of chunks) giveBack(chunk);
    expect(chunks.map((chunk) => chunk.buffer.byteLength)).toEqual(chunks.map(() => 0));
  });
});

describe("the corrected file's one stage between the service's answer and the browser", () => {
  const format: CatalogueFormat = { encoding: "utf-8", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true };
  /** A 64 KiB piece of rows, a buffer of its own as the HTTP client hands one over. */
  const piece = (first: number) => {
    const rows: string[] = [];
    let length = 0;
    for (let row = first; length < 64 * 1024; row++) {
      const line = `A-${row};${row},50\r\n`;
      rows.push(line);
      length += line.length;
    }
    return Buffer.from(new Uint8Array(Buffer.from(rows.join(""), "latin1")).buffer);
  };
  const sourceOf = (answer: Readable) => ({
    corrections: {
      fileId: "file-1",
      fileName: "katalog.csv",
      format,
      values: [{ row: 3, field: "price" as const, column: "Preis", value: "99,99" }],
      rules: [],
      leftOut: [],
    },
    download: async () => responseWithNodeBody(answer, { status: 200 }),
  });

  for (const [name, breakOff] of [
    ["with an error", (answer: PassThrough) => answer.destroy(new Error("the service went away"))],
    ["without one (closed before its end)", (answer: PassThrough) => answer.destroy()],
  ] as const)
    it(`breaks the download off when the service's answer breaks off ${name}: an error, never the end of a short file`, async () => {
      const answer = new PassThrough();
      const { stream } = await correctedFileStream(sourceOf(answer), new AbortController().signal);
      const outcome = new Promise<string>((resolve) => {
        stream.on("data", () => {});
        stream.once("end", () => resolve("end"));
        stream.once("error", () => resolve("error"));
      });
      answer.write(Buffer.from("SKU;Preis\r\n", "latin1"));
      for (let index = 0; index < 3; index++) answer.write(piece(2 + index * 5000));
      await new Promise((resolve) => setImmediate(resolve));
      breakOff(answer);
      expect(await outcome).toBe("error");
    });

  it("pauses the service's answer while the browser's side takes nothing, and goes on where it stopped", async () => {
    const answer = new PassThrough({ highWaterMark: 64 * 1024 });
    const { stream } = await correctedFileStream(sourceOf(answer), new AbortController().signal);
    const pieces = [Buffer.from("SKU;Preis\r\n", "latin1"), ...Array.from({ length: 16 }, (_, index) => piece(2 + index * 5000))];
    const expected = Buffer.concat(pieces).toString("latin1").replace("A-3;3,50", "A-3;99,99");
    const received: Buffer[] = [];
    // Paused after the first piece, as the server pauses the body when the browser's socket is full.
    stream.on("data", (chunk: Buffer) => {
      received.push(Buffer.from(chunk));
      if (received.length === 1) stream.pause();
    });
    const ended = new Promise((resolve) => stream.once("end", resolve));
    const turns = async (count: number) => {
      for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    // Written as the service sends: the next piece once the answer has taken the last, until it takes no more.
    let written = 0;
    for (const bytes of pieces) {
      written++;
      if (answer.write(bytes)) continue;
      const drained = await Promise.race([new Promise((resolve) => answer.once("drain", () => resolve(true))), turns(10).then(() => false)]);
      if (!drained) break;
    }
    // The answer is paused with its buffer full: the service is asked for a few pieces more than the browser took, no more.
    expect(answer.isPaused()).toBe(true);
    expect(written).toBeLessThan(6);
    const before = received.length;
    stream.resume();
    for (const bytes of pieces.slice(written)) if (!answer.write(bytes)) await new Promise((resolve) => answer.once("drain", resolve));
    answer.end();
    await ended;
    expect(received.length).toBeGreaterThan(before);
    expect(Buffer.concat(received).toString("latin1")).toBe(expected);
  });
});
