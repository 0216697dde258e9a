/**
 * A stored catalogue file read again through the page over real HTTP
 * (docs/product.md §8): reading a file the portal had not read, previewing
 * and applying other settings, checking the rows again after a new mapping,
 * and every problem as CSV.
 */
import type { CatalogueAnalysis } from "#contract/catalogue-analysis.ts";
import Papa from "papaparse";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { analysisOf, ERP_CSV, ERRORS_CSV, html, mappingForm, SELLER, storeFileDirectly } from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, requestCount } from "./sandbox-control";

/** The file read by the portal itself, as the page's "Read and check the file" does. */
async function readByPortal(fileId: string): Promise<CatalogueAnalysis> {
  const read = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, { intent: "read", fileId });
  expect(read.status).toBe(302);
  return (await analysisOf(fileId))!;
}

/** A problem list's rows as cells; it starts with a byte order mark, for spreadsheet programs. */
function csvRows(body: ArrayBuffer, delimiter = ","): string[][] {
  const bytes = Buffer.from(body);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.toString("utf8", 3), { delimiter }).data.filter((cells) => cells.length > 1);
}

let browser: TestBrowser;

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});

afterEach(async () => {
  await clearFaultsAndCounters();
});

describe("reading a stored file again (the engine's reading, through the page)", () => {
  it("reads a file the portal had not read, then previews other settings without storing them, then reads it that way", async () => {
    const fileId = await storeFileDirectly("erp-export.csv", ERP_CSV);
    const first = await readByPortal(fileId);
    expect(first.format).toMatchObject({ encoding: "windows-1252", delimiter: ";", headerRow: 1, detected: true });
    expect(first.preview[2]).toContain("Gewürzmühle Keramik");

    await clearFaultsAndCounters();
    const preview = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}&encoding=windows-1252&delimiter=semicolon&headerRow=2`));
    expect(preview).toMatch(
      /<caption[^>]*>Preview with your settings \(not saved yet\): Windows-1252 \(Western European\), semicolon, header in row 2<\/caption>/,
    );
    expect(preview).toMatch(/<th scope="col">Schneidebrett Eiche 40 × 25 cm<\/th>/);
    expect(await requestCount("/catalogue-upload/me/seller/file/analysis", "PUT")).toBe(0);
    expect((await analysisOf(fileId))!.format.headerRow).toBe(1);

    const read = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, {
      intent: "read",
      fileId,
      encoding: "windows-1252",
      delimiter: "semicolon",
      headerRow: "2",
    });
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toBe(`/upload/catalog?fileId=${fileId}#reading-title`);
    const stored = (await analysisOf(fileId))!;
    expect(stored.format).toMatchObject({ headerRow: 2, detected: false });
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("erp-export.csv is now read as: Windows-1252 (Western European), semicolon, header in row 2.");
    expect(page).toContain("Read the way you set it.");
  });

  it("says in words when the chosen settings read no catalogue, and keeps them", async () => {
    const fileId = await storeFileDirectly("erp-export.csv", ERP_CSV);
    await readByPortal(fileId);
    const posted = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, {
      intent: "read",
      fileId,
      encoding: "utf-16le",
      delimiter: "tab",
      headerRow: "20",
    });
    expect(posted.status).toBe(400);
    const page = await html(posted);
    expect(page).toContain("With these settings the file cannot be read:");
    expect(page).toMatch(/<option value="utf-16le" selected="">/);
    expect((await analysisOf(fileId))!.format.encoding).toBe("windows-1252");
  });

  it("checks the rows again when a saved mapping moves a checked field to another column, and not otherwise", async () => {
    const fileId = await storeFileDirectly("fehler.csv", ERRORS_CSV);
    const first = await readByPortal(fileId);
    expect(first.report.rowsRejected).toBeGreaterThan(0);
    const headers = first.columns.map((column) => column.header);
    const suggested = Object.fromEntries(first.columns.filter((column) => column.field).map((column) => [column.header, column.field!]));

    await clearFaultsAndCounters();
    expect((await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, mappingForm(fileId, suggested, headers))).status).toBe(302);
    expect(await requestCount("/catalogue-upload/me/seller/file/analysis", "PUT")).toBe(0);

    // Prices unassigned: the report no longer checks them, so "zwölf" is no problem any more.
    const { Preis: _price, ...withoutPrice } = suggested;
    expect(first.report.counts.PRICE_FORMAT).toBe(1);
    expect((await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, mappingForm(fileId, withoutPrice, headers))).status).toBe(302);
    expect(await requestCount("/catalogue-upload/me/seller/file/analysis", "PUT")).toBe(1);
    const rechecked = (await analysisOf(fileId))!;
    expect(rechecked.report.mapping).toEqual(withoutPrice);
    expect(rechecked.report.counts.PRICE_FORMAT ?? 0).toBe(0);
  });
});

describe("the problems as CSV", () => {
  it("lists every problem the report counts, in the report's order, under the file's name", async () => {
    const fileId = await storeFileDirectly("katalog mit fehlern.csv", ERRORS_CSV);
    const { report } = await readByPortal(fileId);
    const response = await browser.get(`${PORTAL}/upload/catalog/problems?fileId=${fileId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''katalog%20mit%20fehlern-problems.csv");
    const [head, ...lines] = csvRows(await response.arrayBuffer());
    expect(head).toEqual(["Row", "Problem", "Column", "Value", "Problem code"]);
    const total = Object.values(report.counts).reduce((sum, count) => sum + (count ?? 0), 0);
    expect(lines).toHaveLength(total);
    // Fewer than 20 of each kind: the report's examples are the whole list.
    const fromReport = report.examples.map((problem) => `${problem.row},${problem.kind}`);
    expect(lines.map((cells) => `${cells[0]},${cells[4]}`)).toEqual(expect.arrayContaining(fromReport));
    expect(lines.filter((cells) => cells[4] === "EAN_SCIENTIFIC").map((cells) => cells[0])).toEqual(["4", "10"]);
    expect(lines.find((cells) => cells[4] === "EAN_DUPLICATE")?.[1]).toBe("EAN appears more than once (first in row 2)");
  });

  it("is in the seller's language: German words, and semicolons for a German spreadsheet", async () => {
    const fileId = await storeFileDirectly("fehler.csv", ERRORS_CSV);
    await readByPortal(fileId);
    await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: "/upload/catalog" });
    const response = await browser.get(`${PORTAL}/upload/catalog/problems?fileId=${fileId}`);
    const [head, ...lines] = csvRows(await response.arrayBuffer(), ";");
    expect(head).toEqual(["Zeile", "Problem", "Spalte", "Wert", "Problemcode"]);
    expect(lines.find((cells) => cells[4] === "EAN_CHECK_DIGIT")).toEqual(["3", "EAN-Prüfziffer ist falsch", "EAN", "4006381440012", "EAN_CHECK_DIGIT"]);
  });

  it("stops reading a long list when the browser goes away: its reader is free for the next list at once", async () => {
    const rows = Array.from({ length: 100_000 }, (_, row) => `${100000 + row};Artikel ${row};Küche`).join("\n");
    const fileId = await storeFileDirectly("viele.csv", Buffer.from(`EAN;Name;Kategorie\n${rows}\n`));
    // More lists cut off than the pool has readers: one still reading would hold the next list up for a minute.
    for (let cut = 0; cut < 5; cut++) {
      const browserLeaves = new AbortController();
      const response = await browser.request(`${PORTAL}/upload/catalog/problems?fileId=${fileId}`, { signal: browserLeaves.signal });
      expect(response.status).toBe(200);
      await response.body!.getReader().read();
      browserLeaves.abort();
    }
    const whole = await browser.request(`${PORTAL}/upload/catalog/problems?fileId=${fileId}`, { signal: AbortSignal.timeout(10_000) });
    expect((await whole.text()).trim().split("\r\n")).toHaveLength(100_001);
  });

  it("is the seller administrator's only: the catalogue team and a refused role get no list", async () => {
    const fileId = await storeFileDirectly("fehler.csv", ERRORS_CSV);
    await readByPortal(fileId);
    const team = new TestBrowser();
    await team.signIn(PORTAL, "tom@example.com");
    await clearFaultsAndCounters();
    const refused = await team.get(`${PORTAL}/upload/catalog/problems?fileId=${fileId}`);
    expect(refused.status).toBe(302);
    expect(await requestCount("/catalogue-upload/me/seller/file", "GET")).toBe(0);
    expect((await browser.get(`${PORTAL}/upload/catalog/problems`)).status).toBe(400);
  });
});
