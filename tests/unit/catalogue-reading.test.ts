/** Reading catalogue files: encodings, delimiters, header rows, XLSX, and the files that are no catalogue. */
import { readFileSync } from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import {
  createCatalogueInspector,
  decideUtf8,
  decodeText,
  detectDelimiter,
  detectHeaderRow,
  logicalLines,
  sampleRecords,
  type InspectionOutcome,
  type InspectorOptions,
} from "#app/services/catalogue/reading/index.server.ts";
import { uploadProblemMessage } from "#app/lib/catalogue/catalogue-steps.ts";
import { messages } from "#app/locales/resources.ts";
import { xlsxOf } from "../support/xlsx";
import { zipOf } from "../support/zip";
import "../support/catalogue-readers";

const sample = (name: string) => readFileSync(new URL(`../../sandbox/samples/${name}`, import.meta.url));

/** Feeds the bytes in pieces of `chunk` bytes, as a stream would. */
async function inspect(bytes: Uint8Array, options: InspectorOptions, chunk = 7919): Promise<InspectionOutcome> {
  const { input, result } = createCatalogueInspector(options);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    if (!input.write(Buffer.from(bytes.subarray(offset, offset + chunk)))) await new Promise((resolve) => input.once("drain", resolve));
  }
  input.end();
  return result;
}

async function analysis(bytes: Uint8Array, options: InspectorOptions, chunk?: number) {
  const outcome = await inspect(bytes, options, chunk);
  if (!outcome.ok) throw new Error(`refused: ${outcome.problem}`);
  return outcome.analysis;
}

describe("encoding detection", () => {
  it.each([
    ["katalog-erp-windows-1252.csv", "windows-1252", ";"],
    ["catalogue-utf8-bom.csv", "utf-8-bom", ","],
    ["katalog-unicode-text.txt", "utf-16le", "\t"],
    ["katalog-mit-fehlern.csv", "utf-8", ";"],
  ] as const)("%s reads as %s with %j", async (name, encoding, delimiter) => {
    const result = await analysis(sample(name), { fileName: name });
    expect(result.format).toMatchObject({ encoding, delimiter, headerRow: 1, sheet: null, detected: true });
  });

  it("reads the umlauts of the Windows-1252 sample right", async () => {
    const result = await analysis(sample("katalog-erp-windows-1252.csv"), { fileName: "k.csv" }, 13);
    expect(result.preview[2]![1]).toBe("Gewürzmühle Keramik");
    expect(result.preview[1]![1]).toBe("Schneidebrett Eiche 40 × 25 cm");
    expect(result.preview[3]![1]).toBe('Topflappen "Kaffee", 2er-Set');
  });

  it("decides late: pure ASCII for the first kilobytes, umlauts after them (Windows-1252 and UTF-8)", async () => {
    const ascii = `EAN;Name;Kategorie\n${Array.from({ length: 400 }, (_, i) => `400638133393${i % 10};Artikel ${i};Haushalt`).join("\n")}\n`;
    expect(ascii.length).toBeGreaterThan(8192);
    const late = `${ascii}4006381333931;Gewürzmühle;Küche\n`;
    const latin = await analysis(Buffer.from(late, "latin1"), { fileName: "k.csv" }, 1000);
    expect(latin.format.encoding).toBe("windows-1252");
    const utf8 = await analysis(Buffer.from(late, "utf8"), { fileName: "k.csv" }, 1000);
    expect(utf8.format.encoding).toBe("utf-8");
    expect(decodeText(Buffer.from(late, "latin1")).text.endsWith("Gewürzmühle;Küche\n")).toBe(true);
    expect(decodeText(Buffer.from(late, "utf8")).text.endsWith("Gewürzmühle;Küche\n")).toBe(true);
  });

  it("decides at the first non-ASCII byte, waiting only for a split sequence", () => {
    const umlaut = Buffer.from("abc ü", "utf8");
    expect(decideUtf8(umlaut.subarray(0, 5), false)).toBeNull(); // the ü cut in half: wait
    expect(decideUtf8(Buffer.from("abc", "latin1"), true)).toBeNull();
    expect(decideUtf8(Buffer.from("abc ü def", "latin1"), false)).toBe("windows-1252");
    expect(decideUtf8(Buffer.concat([umlaut, Buffer.alloc(5000, 0x41)]), false)).toBe("utf-8");
  });

  it("finds UTF-16 without a byte order mark from its zero bytes", () => {
    const text = "EAN\tName\n4006381333931\tMühle\n";
    expect(decodeText(Buffer.from(text, "utf16le"))).toMatchObject({ encoding: "utf-16le", text });
    const swapped = Buffer.from(text, "utf16le").swap16();
    expect(decodeText(swapped)).toMatchObject({ encoding: "utf-16be", text });
  });

  it("reads with an overridden encoding", async () => {
    const result = await analysis(sample("katalog-erp-windows-1252.csv"), { fileName: "k.csv", override: { encoding: "utf-8" } });
    expect(result.format).toMatchObject({ encoding: "utf-8", detected: false });
    expect(result.preview[2]![1]).toContain("\ufffd");
  });
});

describe("delimiter and header row", () => {
  it.each([
    ["a;b;c\n1;2,5;3\n4;5,5;6\n", ";"],
    ['a,b,c\n1,"2;5",3\n4,5,6\n', ","],
    ["a\tb\tc\n1\t2\t3\n", "\t"],
    ["a|b|c\n1|2|3\n", "|"],
    ['"Name; mit Semikolon",b,c\n"x;y;z",2,3\n', ","],
  ])("%j → %j", (text, delimiter) => {
    expect(detectDelimiter(logicalLines(text, true))).toBe(delimiter);
  });

  it("keeps quoted line breaks inside their record", () => {
    expect(logicalLines('a,b\n"line 1\nline 2",x\nc,d\n', true)).toEqual(["a,b", '"line 1\nline 2",x', "c,d"]);
  });

  it("passes over an export note above the header", () => {
    const text = "Artikelexport vom 01.11.2026;;;\n;;;\nEAN;Name;Kategorie;Preis\n4006381333931;Mühle;Küche;12,50\n4006381333948;Brett;Küche;9,90\n";
    expect(detectHeaderRow(sampleRecords(text, ";", true))).toBe(3);
  });

  it("reads quoted fields with delimiters and line breaks inside them", async () => {
    const result = await analysis(sample("catalogue-utf8-bom.csv"), { fileName: "c.csv" }, 50);
    expect(result.preview[0]).toEqual(["GTIN", "Product Name", "Category", "Brand", "Price", "Stock", "Description", "Image URL"]);
    expect(result.preview[1]![6]).toBe("Solid oak, oiled.\nMade in Saxony, 40 × 25 cm");
    expect(result.report.rowsChecked).toBe(6);
    expect(result.report.counts).toEqual({});
  });
});

describe("reading the same rows in any piece sizes", () => {
  it("finds the same problems whether lines come whole, cut, with quotes or without", async () => {
    const lines = Array.from({ length: 300 }, (_, i) => {
      const ean = i % 50 === 7 ? "4,00638E+12" : i % 40 === 3 ? "4006381333932" : `40063813${String(10000 + i).slice(-5)}`;
      const name = i % 30 === 0 ? `"Topf ""Groß""; 2 l"` : `Topf ${i}`;
      return `${ean};${name};${i % 25 === 0 ? "" : "Küche"};${i % 33 === 0 ? "auf Anfrage" : "12,50"}`;
    });
    const bytes = Buffer.from(`EAN;Name;Kategorie;Preis\r\n${lines.join("\r\n")}\r\n`, "latin1");
    const whole = await analysis(bytes, { fileName: "k.csv" }, bytes.length);
    for (const chunk of [1, 7, 64, 1000]) {
      const pieces = await analysis(bytes, { fileName: "k.csv" }, chunk);
      expect(pieces.report).toEqual(whole.report);
    }
    expect(whole.report.rowsChecked).toBe(300);
    expect(whole.report.counts).toMatchObject({ EAN_SCIENTIFIC: 6, REQUIRED_EMPTY: 12, PRICE_FORMAT: 10 });
    expect(whole.preview[1]).toEqual(["4006381310000", 'Topf "Groß"; 2 l', "", "auf Anfrage"]);
  });
});

describe("XLSX", () => {
  it("reads the first sheet, its shared strings after it, EANs as full numbers", async () => {
    const result = await analysis(sample("katalog-excel.xlsx"), { fileName: "katalog.xlsx" });
    expect(result.format).toMatchObject({ encoding: null, delimiter: null, sheet: "Artikel", sheets: ["Artikel", "Hinweise"], headerRow: 1 });
    expect(result.preview[0]).toEqual(["Artikelnummer", "GTIN", "Produktname", "Produktkategorie", "Marke", "Preis", "Bestand"]);
    expect(result.preview[1]![1]).toMatch(/^\d{13}$/);
    expect(result.preview[2]![2]).toBe("Gewürzmühle Keramik");
    expect(result.report).toMatchObject({ rowsChecked: 8, rowsRejected: 0 });
  });

  it("reads the sheet the seller chose, and refuses one that is not there", async () => {
    const result = await analysis(sample("katalog-excel.xlsx"), { fileName: "katalog.xlsx", override: { sheet: "Hinweise" }, previewOnly: true });
    expect(result.preview[0]).toEqual(["Hinweis"]);
    // Read whole, a sheet of notes has no product under its first row: it is no catalogue.
    expect(await inspect(sample("katalog-excel.xlsx"), { fileName: "katalog.xlsx", override: { sheet: "Hinweise" } })).toEqual({
      ok: false,
      problem: "noProducts",
    });
    expect(await inspect(sample("katalog-excel.xlsx"), { fileName: "k.xlsx", override: { sheet: "Gibt es nicht" } })).toEqual({
      ok: false,
      problem: "sheetNotFound",
    });
  });
});

describe("files that are no catalogue", () => {
  it("refuses binary garbage named .csv", async () => {
    const garbage = Buffer.alloc(64 * 1024);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    expect(await inspect(garbage, { fileName: "katalog.csv" })).toEqual({ ok: false, problem: "binary" });
  });

  it("refuses an XLSX that is a zip of something else, and one that is no zip at all", async () => {
    expect(await inspect(zipOf({ "photo.txt": "not a workbook", "readme.md": "# hello" }), { fileName: "katalog.xlsx" })).toEqual({
      ok: false,
      problem: "notAWorkbook",
    });
    expect(await inspect(Buffer.from("EAN;Name\n1;2\n"), { fileName: "katalog.xlsx" })).toEqual({ ok: false, problem: "notAWorkbook" });
  });

  it("refuses a line of 10 MB, at the first line and further down", async () => {
    const long = Buffer.alloc(10 * 1024 * 1024, 0x61);
    expect(await inspect(long, { fileName: "k.csv" }, 1024 * 1024)).toEqual({ ok: false, problem: "lineTooLong", row: 1 });
    const later = Buffer.concat([Buffer.from("EAN;Name;Kategorie\n4006381333931;a;b\n"), long, Buffer.from("\n")]);
    expect(await inspect(later, { fileName: "k.csv" }, 1024 * 1024)).toEqual({ ok: false, problem: "lineTooLong", row: 3 });
    // Past the first rows, where lines are checked on their bytes.
    const rows = Array.from({ length: 100 }, (_, i) => `4006381333931;Artikel ${i};Küche`).join("\n");
    const deep = Buffer.concat([Buffer.from(`EAN;Name;Kategorie\n${rows}\n`, "latin1"), long, Buffer.from("\n")]);
    expect(await inspect(deep, { fileName: "k.csv" }, 1024 * 1024)).toEqual({ ok: false, problem: "lineTooLong", row: 102 });
  });

  it("refuses a file without a header row", async () => {
    expect(await inspect(Buffer.from("\n\n\n"), { fileName: "k.csv" })).toMatchObject({ ok: false, problem: "noHeaderRow" });
  });

  it.each([
    ["a template's header alone", "Artikelnummer;Bezeichnung;EAN;Warengruppe;Preis\n"],
    ["a header, a units row and empty rows", "Artikelnummer;Bezeichnung;EAN;Warengruppe;Preis;Gewicht\n;;;;EUR;kg\n;;;;;\n;;;;;\n"],
    ["a header and a footer", "EAN;Bezeichnung;Warengruppe;VK\n;;;\nSumme;;;0,00\nSeite 1 von 1;;;\n"],
  ])("refuses %s: no products is no catalogue without problems", async (_, text) => {
    expect(await inspect(Buffer.from(text), { fileName: "vorlage.csv" })).toEqual({ ok: false, problem: "noProducts" });
  });

  it("refuses a supplier template sent back with its metadata, header and units but no products", async () => {
    const template = readFileSync(new URL("../fixtures/catalogues/artikelstamm-vorlage-leer.csv", import.meta.url));
    expect(await inspect(template, { fileName: "artikelstamm-vorlage-leer.csv" })).toEqual({ ok: false, problem: "noProducts" });
  });

  it("refuses a workbook whose sheet has a header and no products, but previews it", async () => {
    const workbook = xlsxOf([{ name: "Artikel", rows: [["Vorlage Artikelstamm"], ["Version", "3.1"], ["EAN", "Bezeichnung", "Warengruppe", "Preis"]] }]);
    expect(await inspect(workbook, { fileName: "vorlage.xlsx" })).toEqual({ ok: false, problem: "noProducts" });
    expect((await analysis(workbook, { fileName: "vorlage.xlsx", previewOnly: true })).preview).toEqual([["EAN", "Bezeichnung", "Warengruppe", "Preis"]]);
  });

  it("says why in the seller's language", async () => {
    const resources = { en: { translation: messages.en }, de: { translation: messages.de } };
    for (const [language, expected] of [
      ["en", "vorlage.csv has column names but not a single product under them."],
      ["de", "vorlage.csv enthält Spaltennamen, aber kein einziges Produkt darunter."],
    ] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, resources, interpolation: { escapeValue: false } });
      expect(uploadProblemMessage(i18n.t, { problem: "noProducts", fileName: "vorlage.csv" }, 1024, language)).toContain(expected);
      expect(i18n.t("catalogueIntelligence.reading.unreadable.noProducts")).not.toContain("noProducts");
    }
  });
});
