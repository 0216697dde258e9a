/**
 * Catalogue reading over real HTTP (docs/product.md §8): each sample file
 * uploaded through the portal's upload action, the analysis it stored read
 * back from the sandbox; files that are no catalogue refused with a clear
 * message and nothing stored; the remembered mapping making a second file
 * arrive mapped, and a renamed header recognised.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogueAnalysis, MappingMemory } from "#contract/catalogue-analysis.ts";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { zipOf } from "../support/zip";

const SELLER = "seller.catalogue@example.com";
const sample = (name: string) => readFileSync(new URL(`../../sandbox/samples/${name}`, import.meta.url));

let browser: TestBrowser;
let token: string;

async function upstreamToken(): Promise<string> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: SELLER }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** A call to the catalogue upload service as the seller (what the portal stored). */
async function service(path: string, init: RequestInit = {}): Promise<Response> {
  const separator = path.includes("?") ? "&" : "?";
  return fetch(`${SANDBOX}/catalogue-upload${path}${separator}apikey=sandbox-api-key`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...init.headers },
  });
}

async function storedFiles(): Promise<string[]> {
  return ((await (await fetch(`${SANDBOX}/__sandbox/catalogue-files`)).json()) as { stored: string[] }).stored;
}

function postUpload(fileName: string, bytes: Uint8Array, type = "text/csv", accept?: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
  return browser.request(`${PORTAL}/upload/catalog${accept ? "/file" : ""}`, { method: "POST", body: form, headers: accept ? { Accept: accept } : undefined });
}

/** Uploads a file and answers its id and the analysis the portal stored for it. */
async function upload(fileName: string, bytes: Uint8Array): Promise<{ fileId: string; analysis: CatalogueAnalysis }> {
  const answer = await postUpload(fileName, bytes);
  expect(answer.status).toBe(302);
  const fileId = new URL(answer.headers.get("location")!, PORTAL).searchParams.get("fileId")!;
  expect(fileId).toMatch(/^file-/);
  const stored = await service(`/me/seller/file/analysis?fileId=${fileId}`);
  expect(stored.status).toBe(200);
  return { fileId, analysis: (await stored.json()) as CatalogueAnalysis };
}

const fieldsOf = (analysis: CatalogueAnalysis) => Object.fromEntries(analysis.columns.map((column) => [column.header, column.field]));

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  // With the settings saved, an upload leads on to the file's mapping (?fileId=).
  expect((await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" })).status).toBe(302);
  token = await upstreamToken();
});

describe("each sample catalogue, uploaded through the portal", () => {
  it("reads the German ERP export (Windows-1252, ;) with umlauts and every column suggested", async () => {
    const { analysis } = await upload("katalog-erp.csv", sample("katalog-erp-windows-1252.csv"));
    expect(analysis.format).toMatchObject({ encoding: "windows-1252", delimiter: ";", headerRow: 1, detected: true });
    expect(analysis.preview[2]![1]).toBe("Gewürzmühle Keramik");
    expect(fieldsOf(analysis)).toEqual({
      "EAN-Code": "EAN",
      Artikelbezeichnung: "TITLE",
      Warengruppe: "PRODUCT_CATEGORY",
      Hersteller: "MANUFACTURER",
      "VK-Preis brutto": "PRICE",
      Lagerbestand: "STOCK_QUANTITY",
      Farbe: "COLOUR",
      "Gewicht (kg)": "WEIGHT",
      "Bild-URL": "IMAGE_URL",
    });
    expect(analysis.report).toMatchObject({ rowsChecked: 12, rowsRejected: 0, decimalStyle: "comma" });
  });

  it("reads the English UTF-8 file with a byte order mark, and the UTF-16 Unicode text", async () => {
    const english = (await upload("catalogue.csv", sample("catalogue-utf8-bom.csv"))).analysis;
    expect(english.format).toMatchObject({ encoding: "utf-8-bom", delimiter: "," });
    expect(english.preview[0]![0]).toBe("GTIN");
    expect(fieldsOf(english)).toMatchObject({ GTIN: "EAN", Category: "PRODUCT_CATEGORY", "Product Name": "TITLE", Price: "PRICE", Stock: "STOCK_QUANTITY" });
    expect(english.report.decimalStyle).toBe("point");

    const unicode = (await upload("katalog.txt", sample("katalog-unicode-text.txt"))).analysis;
    expect(unicode.format).toMatchObject({ encoding: "utf-16le", delimiter: "\t" });
    expect(unicode.preview[2]![1]).toBe("Gewürzmühle Keramik");
  });

  it("reads the XLSX workbook's first sheet", async () => {
    const { analysis } = await upload("katalog.xlsx", sample("katalog-excel.xlsx"));
    expect(analysis.format).toMatchObject({ encoding: null, delimiter: null, sheet: "Artikel", sheets: ["Artikel", "Hinweise"] });
    expect(fieldsOf(analysis)).toMatchObject({ GTIN: "EAN", Produktkategorie: "PRODUCT_CATEGORY", Artikelnummer: "SELLER_SKU" });
    // The catalogue headers (the mapping form's columns) now come from the stored analysis.
    const headers = (await (await service(`/me/seller/file/catalogue-headers?fileId=${analysis.fileId}`)).json()) as { headers: { name: string }[] };
    expect(headers.headers.map((header) => header.name)).toContain("Produktkategorie");
  });

  it("reports the error sample's broken rows", async () => {
    const { analysis } = await upload("katalog-mit-fehlern.csv", sample("katalog-mit-fehlern.csv"));
    const { report } = analysis;
    expect(report.rowsChecked).toBe(12);
    expect(report.counts).toMatchObject({
      EAN_CHECK_DIGIT: expect.any(Number),
      EAN_SCIENTIFIC: 2,
      REQUIRED_EMPTY: 2,
      EAN_DUPLICATE: 1,
      PRICE_FORMAT: 1,
      FIELD_COUNT: 1,
      EAN_FORMAT: 1,
    });
    const rowsOf = (kind: string) => report.examples.filter((example) => example.kind === kind).map((example) => example.row);
    expect(rowsOf("EAN_CHECK_DIGIT")).toContain(3);
    expect(rowsOf("EAN_SCIENTIFIC")).toEqual([4, 10]);
    expect(rowsOf("REQUIRED_EMPTY")).toEqual([5, 8]);
    expect(report.examples.find((example) => example.kind === "EAN_DUPLICATE")).toMatchObject({ row: 7, firstRow: 2, value: "4006381440004" });
    expect(report.rowsRejected).toBe(new Set(report.examples.map((example) => example.row)).size);
  });
});

describe("files that are no catalogue", () => {
  const garbage = Buffer.alloc(256 * 1024);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
  const cases: [string, string, Uint8Array, string][] = [
    ["binary garbage named .csv", "daten.csv", garbage, "daten.csv is not a text file: it contains binary data."],
    [
      "an XLSX that is a zip of something else",
      "katalog.xlsx",
      zipOf({ "urlaub.txt": "Fotos", "liste.md": "- eins" }),
      "katalog.xlsx is not an Excel workbook",
    ],
    // 6 MB: a line far over the 1 MiB line limit, within the integration stack's 8 MB upload limit.
    [
      "a CSV with a 6 MB line",
      "lang.csv",
      Buffer.concat([Buffer.from("EAN;Name;Kategorie\n"), Buffer.alloc(6 * 1024 * 1024, 0x61), Buffer.from("\n")]),
      "lang.csv has a line longer than 1 MB.",
    ],
    // Not a catalogue without problems: a template sent back with its header and nothing under it.
    [
      "a template with column names and no products",
      "vorlage.csv",
      readFileSync(new URL("../fixtures/catalogues/artikelstamm-vorlage-leer.csv", import.meta.url)),
      "vorlage.csv has column names but not a single product under them.",
    ],
  ];

  it.each(cases)("refuses %s with a clear message, stores nothing, and the portal stays healthy", async (_, name, bytes, message) => {
    const before = await storedFiles();
    const page = await postUpload(name, bytes);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(message);
    const json = await postUpload(name, bytes, "application/octet-stream", "application/json");
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toContain(message);
    expect(await storedFiles()).toEqual(before);
    expect((await fetch(`${PORTAL}/healthz`)).status).toBe(200);
  });

  it("says it in German too", async () => {
    const german = browser;
    await german.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(garbage)], { type: "text/csv" }), "daten.csv");
    const page = await german.request(`${PORTAL}/upload/catalog`, { method: "POST", body: form });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("daten.csv ist keine Textdatei");
    const template = new FormData();
    template.set(
      "file",
      new Blob([new Uint8Array(readFileSync(new URL("../fixtures/catalogues/artikelstamm-vorlage-leer.csv", import.meta.url)))], { type: "text/csv" }),
      "vorlage.csv",
    );
    const refused = await german.request(`${PORTAL}/upload/catalog`, { method: "POST", body: template });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("vorlage.csv enthält Spaltennamen, aber kein einziges Produkt darunter.");
  });
});

describe("the remembered mapping", () => {
  const germanMapping = {
    "EAN-Code": "EAN",
    Artikelbezeichnung: "TITLE",
    Warengruppe: "PRODUCT_CATEGORY",
    Hersteller: "BRAND",
    "VK-Preis brutto": "PRICE",
    Lagerbestand: "STOCK_QUANTITY",
  } as const;
  const germanHeaders = ["EAN-Code", "Artikelbezeichnung", "Warengruppe", "Hersteller", "VK-Preis brutto", "Lagerbestand", "Farbe", "Gewicht (kg)", "Bild-URL"];

  async function remember(headers: string[], headerMapping: Record<string, string>) {
    const memory: MappingMemory = { headers, headerMapping: headerMapping as MappingMemory["headerMapping"], savedAt: new Date().toISOString() };
    expect((await service("/me/seller/catalogue-mapping-memory", { method: "PUT", body: JSON.stringify(memory) })).status).toBe(200);
  }

  it("maps a second file with the same headers on arrival, as the seller saved it", async () => {
    await remember(germanHeaders, germanMapping);
    const { fileId, analysis } = await upload("katalog-dezember.csv", sample("katalog-erp-windows-1252.csv"));
    const headers = (await (await service(`/me/seller/file/catalogue-headers?fileId=${fileId}`)).json()) as { headerMapping: Record<string, string> | null };
    expect(headers.headerMapping).toEqual(germanMapping);
    // The seller's choice wins over the name: "Hersteller" stays BRAND.
    expect(analysis.columns.find((column) => column.header === "Hersteller")).toMatchObject({
      field: "BRAND",
      confidence: 1,
      source: "remembered",
      change: null,
    });
    expect(analysis.report.mapping).toEqual(germanMapping);
  });

  it("marks a renamed header and a new one, and leaves the file unmapped", async () => {
    await remember(["EAN", "Artikelname", "Kategorie", "Marke", "Preis", "Menge"], {
      EAN: "EAN",
      Artikelname: "TITLE",
      Kategorie: "PRODUCT_CATEGORY",
      Preis: "PRICE",
    });
    const renamed = Buffer.from("EAN;Artikelname;Warengruppe;Marke;Preis;Menge;Farbe\n4006381333931;Mühle;Küche;Mahlgut;12,50;4;Rot\n", "latin1");
    const { fileId, analysis } = await upload("umbenannt.csv", renamed);
    expect(analysis.columns.find((column) => column.header === "Warengruppe")).toMatchObject({
      change: "renamed",
      renamedFrom: "Kategorie",
      field: "PRODUCT_CATEGORY",
    });
    expect(analysis.columns.find((column) => column.header === "Farbe")).toMatchObject({ change: "new", field: "COLOUR" });
    expect(analysis.columns.find((column) => column.header === "EAN")).toMatchObject({ change: null, source: "remembered" });
    const headers = (await (await service(`/me/seller/file/catalogue-headers?fileId=${fileId}`)).json()) as { headerMapping: unknown };
    expect(headers.headerMapping).toBeNull();
  });
});
