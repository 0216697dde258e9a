/**
 * The catalogue step's review of a file over real HTTP (docs/product.md §8):
 * how the file was read and its first rows, the override's checks, the
 * mapping pre-filled with suggestions and remembered for the next file, the
 * report, the task list's rejected-rows line and the catalogue team's summary;
 * refusals and upstream failures with the sandbox's fault injection.
 * Reading a stored file again and the problems' CSV are in
 * catalogue-rereading.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import {
  html,
  mappingForm,
  memory,
  SAMPLE_CSV,
  SAMPLE_HEADERS,
  sampleAnalysis,
  SELLER,
  service,
  storeAnalysis,
  storeFileDirectly,
  token,
} from "./catalogue-intelligence-support";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

let browser: TestBrowser;

/** The seller hands the catalogue over (straight at the sandbox): the catalogue team works only on sellers in integration. */
async function handOver(fileId: string): Promise<void> {
  const mapped = await service(`/me/seller/file?fileId=${fileId}`, {
    method: "PATCH",
    body: JSON.stringify({ headerMapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" } }),
  });
  expect(mapped.status).toBe(200);
  const onboarding = async (path: string, init: RequestInit) =>
    fetch(`${SANDBOX}/onboarding${path}?apikey=sandbox-api-key`, {
      ...init,
      headers: { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" },
    });
  expect((await onboarding("/me/seller/upload-settings", { method: "PATCH", body: JSON.stringify({ uploadType: "DIRECT" }) })).status).toBe(200);
  expect((await onboarding("/me/seller/finish-upload", { method: "POST" })).status).toBe(200);
}

beforeEach(async () => {
  expect((await fetch(`${SANDBOX}/__sandbox/reset`, { method: "POST" })).status).toBe(200);
  browser = new TestBrowser();
  await browser.signIn(PORTAL, SELLER);
});

afterEach(async () => {
  await clearFaultsAndCounters();
});

describe("the file being mapped, from its stored analysis", () => {
  it("says when a column's name and its values disagree (an EAN column of numbers that are no GTINs)", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    const analysis = sampleAnalysis(fileId);
    analysis.columns[0] = { ...analysis.columns[0]!, confidence: 0.52, valuesDisagree: true };
    await storeAnalysis(analysis);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toMatch(
      /class="mapping__suggestion mapping__suggestion--unsure">Suggested · 52 % sure<span class="mapping__doubt"> The column’s name says EAN, but most of its values do not fit: check the column before you save\.<\/span>/,
    );
  });

  it("says how the file was read, shows its first rows, the suggestions with their confidence and the report", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    const analysis = sampleAnalysis(fileId);
    analysis.columns[6] = { ...analysis.columns[6]!, field: null, confidence: 0, source: "none" };
    await storeAnalysis(analysis);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));

    expect(page).toContain("How we read your file");
    expect(page).toContain("Windows-1252 (Western European), semicolon, header in row 1");
    expect(page).toContain("Detected automatically.");
    expect(page).toMatch(/<caption[^>]*>The first 2 rows of sortiment.csv as we read them, header row first<\/caption>/);
    expect(page).toContain("Haushalt &gt; Küche &gt; Schneidebretter");
    // Pre-filled with the suggestions (no mapping saved yet), each with its confidence as text.
    expect(page).toContain("We filled in our suggestions.");
    expect(page).toMatch(/<option value="EAN" selected="">/);
    expect(page).toMatch(/<option value="PRODUCT_CATEGORY" selected="">/);
    expect(page).toContain("Suggested · 97 % sure");
    expect(page).toContain("No suggestion");
    // The report: totals, counts per kind, the first rows, the CSV.
    expect(page).toContain("12,480 rows checked · 37 will be rejected");
    expect(page).toMatch(/EAN check digit is wrong<\/a><\/th><td class="numeric">30</);
    expect(page).toContain("4.00638E+12");
    expect(page).toContain(`href="/upload/catalog/problems?fileId=${fileId}"`);
    expect(page).toContain("Prices are written with a decimal comma (1.234,56).");
  });

  it("reads naturally in German", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    const language = await browser.post(`${PORTAL}/language`, { language: "de", redirectTo: `/upload/catalog?fileId=${fileId}` });
    expect(language.status).toBeLessThan(400);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("So lesen wir Ihre Datei");
    expect(page).toContain("Windows-1252 (westeuropäisch), Semikolon, Kopfzeile in Zeile 1");
    expect(page).toContain("Vorschlag · 97 % sicher");
    expect(page).toContain("12.480 Zeilen geprüft · 37 werden abgelehnt");
    expect(page).toContain("EAN-Prüfziffer ist falsch");
  });

  it("highlights new and renamed columns against the remembered mapping, in words", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    const analysis = sampleAnalysis(fileId);
    analysis.columns[1] = { ...analysis.columns[1]!, source: "remembered", confidence: 1, change: "renamed", renamedFrom: "Artikelbezeichnung" };
    analysis.columns[6] = { ...analysis.columns[6]!, change: "new" };
    await storeAnalysis(analysis);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("2 columns are new or renamed since your last mapping");
    expect(page).toMatch(
      /class="mapping__row--changed"><th scope="row" class="mapping__name">Artikelname<input[^>]*><span class="mapping__badge">Renamed \(was “Artikelbezeichnung”\)<\/span>/,
    );
    expect(page).toMatch(
      /class="mapping__row--changed"><th scope="row" class="mapping__name">Farbe<input[^>]*><span class="mapping__badge">New column<\/span>/,
    );
  });

  it("offers to read a file the portal has not read yet", async () => {
    const fileId = await storeFileDirectly("alt.csv", SAMPLE_CSV);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("We have not read this file yet");
    expect(page).toMatch(/<button type="submit" value="read" class="button button--secondary" name="intent">Read and check the file<\/button>/);
  });

  it("keeps the page and the mapping when the analysis cannot be read, and says in the reading's place what is missing", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/analysis", method: "GET", status: 500 });
    const response = await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Catalogue files");
    // The reading's place names the missing part, with the service's facts; the mapping stands without the suggestions.
    expect(page).toMatch(
      /<h2 id="reading-title">How we read your file<\/h2><div class="inline-error" role="alert"><p><strong>How this file was read and the check of its rows could not be loaded\.<\/strong>[\s\S]*Injected fault[\s\S]*INJECTED_FAULT/,
    );
    expect(page).toContain('name="columns[0].field"');
    expect(page).toContain("Save mapping");
    expect(page).not.toContain('id="report-title"');
  });

  it("says in the mapping's place that the file's columns could not be read, and keeps the rest", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/catalogue-headers", method: "GET", status: 500 });
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toMatch(
      /<h2 id="mapping-title">Column mapping<\/h2><div class="inline-error" role="alert"><p><strong>The columns of this file could not be read\.<\/strong>[\s\S]*INJECTED_FAULT/,
    );
    expect(page).toContain("Catalogue files");
    expect(page).not.toContain("Save mapping");
  });
});

describe("the format override", () => {
  it("answers settings that make no sense with messages and the typed values, and reads nothing", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await clearFaultsAndCounters();
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}&encoding=utf-8&delimiter=colon&headerRow=99`));
    expect(page).toMatch(/<details class="file-reading__change" open="">/);
    expect(page).toContain("Enter a row number from 1 to 20.");
    expect(page).toContain("Choose one of the listed separators.");
    expect(page).toMatch(/href="#reading-header-row"/);
    expect(page).toMatch(/value="99"/);
    expect(await requestCount("/catalogue-upload/me/seller/file", "GET")).toBe(0);

    const posted = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, {
      intent: "read",
      fileId,
      encoding: "utf-8",
      delimiter: "comma",
      headerRow: "0",
    });
    expect(posted.status).toBe(400);
    expect(await html(posted)).toContain("Enter a row number from 1 to 20.");
    expect(await requestCount("/catalogue-upload/me/seller/file/analysis", "PUT")).toBe(0);
  });

  it("refuses a cross-site post: nothing is read or stored", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await clearFaultsAndCounters();
    const foreign = { Origin: "https://evil.example" };
    const read = await browser.post(`${PORTAL}/upload/catalog`, { intent: "read", fileId, encoding: "utf-8", delimiter: "comma", headerRow: "1" }, foreign);
    expect(read.status).toBe(403);
    const map = await browser.post(`${PORTAL}/upload/catalog`, mappingForm(fileId, { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" }), foreign);
    expect(map.status).toBe(403);
    expect(await requestCount("/catalogue-upload/me/seller/file/analysis", "PUT")).toBe(0);
    expect(await requestCount("/catalogue-upload/me/seller/catalogue-mapping-memory", "PUT")).toBe(0);
    expect(await requestCount("/catalogue-upload/me/seller/file", "PATCH")).toBe(0);
    expect(await memory()).toBeNull();
  });
});

describe("saving a mapping", () => {
  it("remembers it with the file's headers for the next file", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    const saved = await browser.post(
      `${PORTAL}/upload/catalog?fileId=${fileId}`,
      mappingForm(fileId, { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" }),
    );
    expect(saved.status).toBe(302);
    const remembered = await memory();
    expect(remembered?.headers).toEqual(SAMPLE_HEADERS);
    expect(remembered?.headerMapping).toEqual({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" });
  });

  it("keeps the saved mapping when remembering it fails, and says so", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/analysis", method: "GET", status: 500 });
    const saved = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, mappingForm(fileId, { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" }));
    expect(saved.status).toBe(302);
    await clearFaultsAndCounters();
    const page = await html(await browser.get(`${PORTAL}${saved.headers.get("location")}`));
    expect(page).toContain("The column mapping of sortiment.csv is saved. The mapping is saved, but the file could not be checked against it again.");
    const headers = (await (await service(`/me/seller/file/catalogue-headers?fileId=${fileId}`)).json()) as { headerMapping: Record<string, string> };
    expect(headers.headerMapping).toEqual({ EAN: "EAN", Kategorie: "PRODUCT_CATEGORY" });
  });
});

describe("what the checks found, elsewhere", () => {
  it("the task list says how many rows will be rejected, and never holds the submission back", async () => {
    const first = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    const second = await storeFileDirectly("nachtrag.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(first));
    await storeAnalysis(sampleAnalysis(second, { report: { ...sampleAnalysis(second).report, rowsRejected: 1200 } }));
    const page = await html(await browser.get(`${PORTAL}/overview`));
    expect(page).toContain("1,237 rows of your catalogue will be rejected by the marketplace.");
    expect(page).toContain(`href="/upload/catalog?fileId=${first}#report-title"`);

    // A report that cannot be read leaves the line out, not the page.
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/analysis", method: "GET", status: 500 });
    const degraded = await browser.get(`${PORTAL}/overview`);
    expect(degraded.status).toBe(200);
    expect(await html(degraded)).not.toContain("will be rejected");
  });

  it("the catalogue team sees each file's check in brief", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await handOver(fileId);
    const team = new TestBrowser();
    await team.signIn(PORTAL, "tom@example.com");
    const page = await html(await team.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue`));
    expect(page).toContain("Windows-1252 (Western European), semicolon, header in row 1");
    expect(page).toContain("12,480 rows checked · 37 will be rejected");
    expect(page).toContain("EAN in scientific notation (digits lost, e.g. by Excel): 5");
  });
});
