/**
 * Files whose header is not in row 1, over real HTTP (docs/product.md §8):
 * a price list with a letterhead and a header over two rows (CSV and XLSX)
 * and a workbook with a title row are read from the right row; a file whose
 * header row cannot be found with confidence is stored, and the page asks
 * which row holds the column names; the seller's answer is read for good.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import { TestBrowser } from "../support/http-client";
import { html, service, SELLER } from "./catalogue-intelligence-support";
import { resetSandbox } from "./catalogue-support";
import { PORTAL } from "./ports";

const corpus = (name: string) => readFileSync(new URL(`../fixtures/catalogues/${name}`, import.meta.url));

/** A grower's list with a letterhead and column names no system uses: the header row could be any of several. */
const ORCHARD_LIST = corpus("obsthof-sortenliste.csv");

let browser: TestBrowser;

async function upload(fileName: string, bytes: Uint8Array, type = "text/csv"): Promise<{ location: string; fileId: string; analysis: CatalogueAnalysis }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
  const answer = await browser.request(`${PORTAL}/upload/catalog`, { method: "POST", body: form });
  expect(answer.status).toBe(302);
  const location = answer.headers.get("location")!;
  const fileId = new URL(location, PORTAL).searchParams.get("fileId")!;
  return { location, fileId, analysis: (await (await service(`/me/seller/file/analysis?fileId=${fileId}`)).json()) as CatalogueAnalysis };
}

const fieldsOf = (analysis: CatalogueAnalysis) =>
  Object.fromEntries(analysis.columns.filter((column) => column.field).map((column) => [column.header, column.field]));

beforeEach(async () => {
  await resetSandbox();
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
  expect((await browser.post(`${PORTAL}/upload/settings`, { uploadType: "DIRECT", feedFormat: "CSV", feedSchedule: "DAILY", ftpPort: "21" })).status).toBe(302);
});

describe("a header below row 1", () => {
  it("reads a price list with a letterhead from its two header rows, leaving out the empty leading columns and the totals", async () => {
    for (const [name, type] of [
      ["preisliste-briefkopf.csv", "text/csv"],
      ["preisliste-briefkopf.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ] as const) {
      const { analysis } = await upload(name, corpus(name), type);
      expect(analysis.format).toMatchObject({ headerRow: 14, headerRows: 2, headerRowSure: true });
      expect(analysis.preview[0]).toEqual(["Artikel EAN", "Artikel Kurzbez.", "Artikel Warengruppe", "Preis Brutto-VK", "Preis MwSt", "Lager Bestand"]);
      expect(fieldsOf(analysis)).toMatchObject({
        "Artikel EAN": "EAN",
        "Artikel Kurzbez.": "TITLE",
        "Artikel Warengruppe": "PRODUCT_CATEGORY",
        "Preis Brutto-VK": "PRICE",
        "Preis MwSt": "VAT_RATE",
        "Lager Bestand": "STOCK_QUANTITY",
      });
      // The "Summe" and "Seite 1 von 1" rows are no products.
      expect(analysis.report).toMatchObject({ rowsChecked: 40, rowsRejected: 0 });
    }
  });

  it("reads a workbook whose first row is a title from row 2", async () => {
    const { analysis } = await upload("katalog.xlsx", corpus("katalog-titelzeile.xlsx"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(analysis.format).toMatchObject({ headerRow: 2, sheet: "Catalogue" });
    expect(fieldsOf(analysis)).toMatchObject({ GTIN: "EAN", Category: "PRODUCT_CATEGORY", "Product name": "TITLE", Price: "PRICE" });
  });
});

describe("the question which row holds the column names", () => {
  it("stores a file whose header row is not sure, asks, and reads the file from the row the seller chooses", async () => {
    const { location, fileId, analysis } = await upload("obsthof.csv", ORCHARD_LIST);
    expect(location).toMatch(/#header-question$/);
    expect(analysis.format).toMatchObject({ headerRow: 5, headerRowSure: false, detected: true });
    expect(analysis.topRows?.[0]).toEqual(["Obsthof Kramer"]);

    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("Which row holds the column names?");
    expect(page).toContain("obsthof.csv was uploaded. We are not sure which row holds its column names");
    expect(page).toMatch(/<input[^>]*id="header-row-5"[^>]*checked/);
    expect(page).toContain('<label for="header-row-1">Row 1</label>');

    // The seller's answer: row 5, with the rest of the format as read.
    const answer = await browser.post(`${PORTAL}/upload/catalog`, { intent: "read", fileId, encoding: "utf-8", delimiter: "semicolon", headerRow: "5" });
    expect(answer.status).toBe(302);
    const chosen = (await (await service(`/me/seller/file/analysis?fileId=${fileId}`)).json()) as CatalogueAnalysis;
    expect(chosen.format).toMatchObject({ headerRow: 5, detected: false });
    expect(chosen.columns.map((column) => column.header)).toEqual(["Sorte", "Herkunft", "Gebinde", "Qualität", "Erntezeit"]);
    const after = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(after).not.toContain("Which row holds the column names?");
  });

  it("asks in German too", async () => {
    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const { fileId } = await upload("obsthof.csv", ORCHARD_LIST);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("In welcher Zeile stehen die Spaltennamen?");
    expect(page).toContain('<label for="header-row-5">Zeile 5</label>');
  });

  it("refuses a cross-site answer: nothing is read or stored", async () => {
    const { fileId } = await upload("obsthof.csv", ORCHARD_LIST);
    const answer = await browser.request(`${PORTAL}/upload/catalog`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "read", fileId, headerRow: "6" }),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    const stored = (await (await service(`/me/seller/file/analysis?fileId=${fileId}`)).json()) as CatalogueAnalysis;
    expect(stored.format).toMatchObject({ headerRow: 5, detected: true });
  });
});
