/** The header row and the layouts around it: scoring, two rows joined, leading empty columns, title, total and footer rows, record types, line ends. */
import { describe, expect, it } from "vitest";
import {
  createCatalogueInspector,
  findHeaderRow,
  headerAt,
  headerRowScores,
  joinHeaderRows,
  sampleRecords,
  type InspectionOutcome,
  type InspectorOptions,
} from "#app/services/catalogue/reading/index.server.ts";
import { ean13 } from "../fixtures/catalogues/gtin";
import { xlsxOf } from "../support/xlsx";
import "../support/catalogue-readers";

const records = (text: string, delimiter: ";" | "," = ";") => sampleRecords(text, delimiter, true);

async function read(bytes: Uint8Array, options: InspectorOptions): Promise<Extract<InspectionOutcome, { ok: true }>["analysis"]> {
  const { input, result } = createCatalogueInspector(options);
  for (let offset = 0; offset < bytes.length; offset += 4093) input.write(Buffer.from(bytes.subarray(offset, offset + 4093)));
  input.end();
  const outcome = await result;
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`);
  return outcome.analysis;
}

const rows = (count: number, line: (index: number) => string) => Array.from({ length: count }, (_, index) => line(index)).join("\n");

describe("scoring the rows", () => {
  it("takes row 1 when it names the columns, surely", () => {
    const text = `EAN;Artikelname;Kategorie;Preis\n${rows(10, (i) => `400638133393${i % 10};Topf ${i};Küche;1${i},90`)}\n`;
    expect(findHeaderRow(records(text))).toEqual({ row: 1, rows: 1, sure: true, leadingEmptyColumns: 0 });
  });

  it("passes over a title, a letterhead and notes above the header", () => {
    const text = [
      "Müller Haushaltswaren GmbH;;;",
      "Telefon: 030 1234567;;;",
      "USt-IdNr.: DE123456789;;;",
      "Preisliste 2026;;;",
      ";;;",
      "EAN;Bezeichnung;Warengruppe;VK",
      rows(8, (i) => `400638133393${i};Topf ${i};Küche > Töpfe;2${i},50`),
    ].join("\n");
    const scores = headerRowScores(records(text));
    expect(scores[0]!.row).toBe(6);
    expect(findHeaderRow(records(text))).toMatchObject({ row: 6, sure: true });
  });

  it("is not sure when no row stands out, and says so instead of guessing silently", () => {
    const text = ["Obsthof Kramer;;", ";;", "Sorte;Herkunft;Gebinde", "Elstar;Altes Land;Kiste", "Boskoop;Altes Land;Kiste", "Jonagold;Jork;Steige"].join("\n");
    expect(findHeaderRow(records(text))).toMatchObject({ row: 3, sure: false });
  });

  it("finds nothing only in a file of empty rows", () => {
    expect(findHeaderRow(records("\n;;\n\n"))).toBeNull();
  });
});

describe("a header over two rows", () => {
  it("joins a group row with the names under it", () => {
    const text = [
      ";;Artikel;;Preis;;Lager",
      ";;EAN;Bezeichnung;netto;brutto;Bestand",
      rows(6, (i) => `;;400638133393${i};Topf ${i};1${i},00;1${i},90;${i}`),
    ].join("\n");
    expect(findHeaderRow(records(text))).toEqual({ row: 2, rows: 2, sure: true, leadingEmptyColumns: 2 });
    expect(joinHeaderRows(["", "", "Artikel", "", "Preis", "", "Lager"], ["", "", "EAN", "Bezeichnung", "netto", "brutto", "Bestand"])).toEqual([
      "",
      "",
      "Artikel EAN",
      "Artikel Bezeichnung",
      "Preis netto",
      "Preis brutto",
      "Lager Bestand",
    ]);
  });

  it("does not join a title above the header, nor names above a row of values", () => {
    const titled = ["Preisliste 2026;;;", "EAN;Bezeichnung;Warengruppe;VK", rows(6, (i) => `400638133393${i};Topf ${i};Küche;2${i},50`)].join("\n");
    expect(findHeaderRow(records(titled))).toMatchObject({ row: 2, rows: 1 });
    const header = ["EAN;Bezeichnung;Warengruppe;VK", "4006381333931;Topf;Küche;24,50", "4006381333948;Pfanne;Küche;29,00"].join("\n");
    expect(headerAt(records(header), 2)).toMatchObject({ row: 2, rows: 1 });
  });

  it("reads the joined names, without the empty leading columns, and checks the rows under them", async () => {
    const text = [
      ";;Artikel;;Preis",
      ";;EAN;Warengruppe;VK",
      rows(5, (i) => `;;${ean13("400638133", i + 1)};Küche > Töpfe;2${i},50`),
      ";;12345;Küche;1,00",
    ].join("\n");
    const analysis = await read(Buffer.from(text), { fileName: "liste.csv" });
    expect(analysis.format).toMatchObject({ headerRow: 2, headerRows: 2 });
    expect(analysis.preview[0]).toEqual(["Artikel EAN", "Artikel Warengruppe", "Preis VK"]);
    expect(analysis.preview[1]).toEqual([ean13("400638133", 1), "Küche > Töpfe", "20,50"]);
    expect(analysis.columns.map((column) => column.field)).toEqual(["EAN", "PRODUCT_CATEGORY", "PRICE"]);
    expect(analysis.report).toMatchObject({ rowsChecked: 6, rowsRejected: 1, counts: { EAN_FORMAT: 1 } });
  });
});

describe("a row of units under the names", () => {
  const names = "Artikelnummer;Bezeichnung;EAN;Warengruppe;Preis;Gewicht;Bestand";
  const units = ";;;;EUR;kg;Stk";
  const data = rows(12, (i) => `A-${100 + i};Topf ${i};${ean13("400638133", i + 1)};Küche > Töpfe;${12 + i},90;${i + 1},25;${i * 3}`);
  const text = [names, units, data].join("\n");
  const joined = ["Artikelnummer", "Bezeichnung", "EAN", "Warengruppe", "Preis (EUR)", "Gewicht (kg)", "Bestand (Stk)"];

  it("is found with the names as the header's second row, each unit beside the name right above it, and is no product", async () => {
    expect(findHeaderRow(records(text))).toEqual({ row: 2, rows: 2, sure: true, leadingEmptyColumns: 0 });
    const analysis = await read(Buffer.from(text), { fileName: "stammdaten.csv" });
    expect(analysis.format).toMatchObject({ headerRow: 2, headerRows: 2 });
    expect(analysis.preview[0]).toEqual(joined);
    expect(analysis.columns.map((column) => column.field)).toEqual(["SELLER_SKU", "TITLE", "EAN", "PRODUCT_CATEGORY", "PRICE", "WEIGHT", "STOCK_QUANTITY"]);
    // 12 products: the units row is none (it had an empty EAN and "EUR" for a price).
    expect(analysis.report).toMatchObject({ rowsChecked: 12, rowsRejected: 0, counts: {} });
  });

  it("reads the same whichever of its two rows the seller chooses by hand", async () => {
    expect(headerAt(records(text), 1)).toEqual({ row: 2, rows: 2, sure: true, leadingEmptyColumns: 0 });
    expect(headerAt(records(text), 2)).toEqual({ row: 2, rows: 2, sure: true, leadingEmptyColumns: 0 });
    for (const headerRow of [1, 2]) {
      const analysis = await read(Buffer.from(text), { fileName: "stammdaten.csv", override: { headerRow } });
      expect(analysis.preview[0]).toEqual(joined);
      expect(analysis.report.rowsChecked).toBe(12);
    }
  });

  it("keeps each name in its own column: a unit joins the name right above it, never the name of a neighbour", () => {
    expect(joinHeaderRows(["EAN", "Preis", "", "Gewicht"], ["", "EUR", "EUR", "[kg]"])).toEqual(["EAN", "Preis (EUR)", "EUR", "Gewicht (kg)"]);
    expect(joinHeaderRows(["Price", "Weight", "Length"], ["in EUR", "kg", "cm"])).toEqual(["Price (EUR)", "Weight (kg)", "Length (cm)"]);
    // A group row over names is still carried over the names under it.
    expect(joinHeaderRows(["Preis", ""], ["netto", "brutto"])).toEqual(["Preis netto", "Preis brutto"]);
  });
});

describe("a template's metadata above its header", () => {
  const header = "Lief.-Art.;Artikeltext;GTIN Stück;Sortimentsbereich;Endkundenpreis;Gewicht netto;Verfügbare Menge";
  const data = rows(12, (i) => `L-${100 + i};Topf ${i};${ean13("400638133", i + 1)};Küche > Töpfe;${12 + i},90;${i + 1},25;${i * 3}`);

  it("is not taken for the header when its lines pair labels with values, and none of its lines is a product", async () => {
    const text = ["Lieferant;Muster GmbH;Marke;Musterland;Währung;EUR", "Version;3.1;Datum;01.11.2026", header, data].join("\n");
    expect(findHeaderRow(records(text))).toMatchObject({ row: 3, rows: 1, sure: true });
    const analysis = await read(Buffer.from(text), { fileName: "vorlage.csv" });
    expect(analysis.format).toMatchObject({ headerRow: 3 });
    expect(analysis.report).toMatchObject({ rowsChecked: 12, rowsRejected: 0 });
  });

  it.each([
    ["a currency", ["Artikeldaten-Vorlage;;;;;;", "Version;3.1;;;;;", "Gültig ab;01.01.2026;;;;;", "Währung;EUR;;;;;"]],
    ["a person", ["Artikelstammdaten Lieferant;;;;;;", "Vorlagen-Version;V 3.1;;;;;", "Erstellt;2026-11-01;;;;;", "Bearbeiter;M. Muster;;;;;"]],
    ["a sheet's name", ["Template;Product data;;;;;", "Version;3.1;;;;;", "Date;2026-11-01;;;;;", "Sheet;Articles;;;;;"]],
    ["template settings", ["TemplateType=fptcustom;Version=2021.1;;;;;"]],
  ])("is not joined into the header's names when its last line, right above them, names %s", async (_, metadata) => {
    const text = [...metadata, header, data].join("\n");
    expect(findHeaderRow(records(text))).toMatchObject({ row: metadata.length + 1, rows: 1 });
    const analysis = await read(Buffer.from(text), { fileName: "vorlage.csv" });
    expect(analysis.preview[0]).toEqual(header.split(";"));
    expect(analysis.report.rowsChecked).toBe(12);
  });
});

describe("rows that are no products, and rows of another shape", () => {
  it("passes over totals and footers, but not a product without its EAN", async () => {
    const text = ["EAN;Bezeichnung;Warengruppe;VK", "4006381333931;Topf;Küche;24,50", ";Pfanne;Küche;29,00", ";;;", "Summe;;;53,50", "Seite 1 von 1;;;"].join(
      "\n",
    );
    const analysis = await read(Buffer.from(text), { fileName: "liste.csv" });
    expect(analysis.report).toMatchObject({ rowsChecked: 2, rowsRejected: 1, counts: { REQUIRED_EMPTY: 1 } });
  });

  it("checks only the product rows of a file with record types (H head, P positions, T trailer)", async () => {
    const positions = rows(60, (i) => `P;A-${i};4006381333931;Topf ${i};Küche;${i + 10},50`);
    const text = `Satzart;Artikelnummer;EAN;Bezeichnung;Warengruppe;Preis\nH;Lieferant GmbH;20261101\n${positions}\nT;60\n`;
    const analysis = await read(Buffer.from(text), { fileName: "pricat.csv" });
    // 60 positions; the H and T rows with their other field counts are no problem; the positions repeat one EAN.
    expect(analysis.report.rowsChecked).toBe(60);
    expect(analysis.report.counts.FIELD_COUNT).toBeUndefined();
    expect(analysis.report.counts.EAN_DUPLICATE).toBe(59);
  });

  it("does not take a first column of sizes for record types", async () => {
    const text = `Größe;EAN;Warengruppe\n${rows(60, (i) => `${["S", "M", "L"][i % 3]};400638133393${i % 10};Mode`)}\n`;
    const analysis = await read(Buffer.from(text), { fileName: "mode.csv" });
    expect(analysis.report.rowsChecked).toBe(60);
  });

  it("compares each row's field count with the data rows' usual one when the header names more columns", async () => {
    const text = `EAN;Bezeichnung;Warengruppe;Bemerkung;Lieferantencode\n${rows(20, (i) => `400638133393${i % 10};Topf;Küche`)}\n4006381333931;Topf;Küche;zu viel\n`;
    const analysis = await read(Buffer.from(text), { fileName: "kurz.csv" });
    expect(analysis.report.counts).toMatchObject({ FIELD_COUNT: 1 });
    expect(analysis.report.examples.find((example) => example.kind === "FIELD_COUNT")).toMatchObject({ row: 22, value: "4" });
  });

  it("reads lines that end in a lone CR (Excel for Mac), in any piece sizes", async () => {
    const text = `SKU;EAN;Category;Price\r${rows(30, (i) => `S-${i};400638133393${i % 10};Garden > Benches;1${i}.90`).replace(/\n/g, "\r")}\r`;
    for (const fileName of ["mac.csv"]) {
      const analysis = await read(Buffer.from(text, "latin1"), { fileName });
      expect(analysis.format).toMatchObject({ delimiter: ";", headerRow: 1 });
      expect(analysis.preview[1]).toEqual(["S-0", "4006381333930", "Garden > Benches", "10.90"]);
      expect(analysis.report.rowsChecked).toBe(30);
    }
  });
});

describe("XLSX", () => {
  it("reads a workbook whose first row is a title from row 2", async () => {
    const workbook = xlsxOf([
      {
        name: "Catalogue",
        rows: [
          ["Product catalogue 2026"],
          ["GTIN", "Product name", "Category"],
          ...Array.from({ length: 5 }, (_, i) => [4006381333931, `Chair ${i}`, "Garden > Chairs"]),
        ],
      },
    ]);
    const analysis = await read(workbook, { fileName: "titel.xlsx" });
    expect(analysis.format).toMatchObject({ headerRow: 2, sheet: "Catalogue" });
    expect(analysis.preview[0]).toEqual(["GTIN", "Product name", "Category"]);
  });

  it("costs nothing for a declared range far beyond the content: formatted empty cells and rows are no rows", async () => {
    const styled = { styledEmpty: true } as const;
    const workbook = xlsxOf([
      {
        name: "Artikel",
        dimension: "A1:XFD1048576",
        styledRowsUpTo: 20_000,
        rows: [
          ["EAN", "Name", "Kategorie", styled, styled, styled],
          [4006381333931, "Topf", "Küche", styled],
          [4006381333948, "Pfanne", "Küche", null, styled],
        ],
      },
    ]);
    const analysis = await read(workbook, { fileName: "weit.xlsx" });
    expect(analysis.preview).toEqual([
      ["EAN", "Name", "Kategorie"],
      ["4006381333931", "Topf", "Küche"],
      ["4006381333948", "Pfanne", "Küche"],
    ]);
    expect(analysis.report).toMatchObject({ rowsChecked: 2, rowsRejected: 0 });
    expect(analysis.topRows).toEqual([
      ["EAN", "Name", "Kategorie"],
      ["4006381333931", "Topf", "Küche"],
      ["4006381333948", "Pfanne", "Küche"],
    ]);
  });
});
