/**
 * The catalogue step's review of a file over real HTTP (docs/product.md §8):
 * how the file was read and its first rows, the override (preview, then
 * reading the file that way), the mapping pre-filled with suggestions and
 * remembered for the next file, the report and its CSV, the overview's
 * rejected-rows line and the catalogue team's summary; refusals and upstream
 * failures with the sandbox's fault injection.
 */
import { readFileSync } from "node:fs";
import type { CatalogueAnalysis, MappingMemory } from "@contract/catalogue-analysis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestBrowser } from "../support/http-client";
import { PORTAL, SANDBOX } from "./ports";
import { clearFaultsAndCounters, injectFault, requestCount } from "./sandbox-control";

const SELLER = "seller.catalogue@example.com";
const SAMPLES = new URL("../../sandbox/samples/", import.meta.url);
const SAMPLE_CSV = readFileSync(new URL("catalogue-sample.csv", SAMPLES));
const SAMPLE_HEADERS = ["EAN", "Artikelname", "Kategorie", "Marke", "Preis", "Bestand", "Farbe"];
const ERP_CSV = readFileSync(new URL("katalog-erp-windows-1252.csv", SAMPLES));
const ERRORS_CSV = readFileSync(new URL("katalog-mit-fehlern.csv", SAMPLES));
const API = `${SANDBOX}/catalogue-upload`;

async function token(username = SELLER): Promise<string> {
  const minted = await fetch(`${SANDBOX}/__sandbox/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username }),
  });
  return ((await minted.json()) as { access_token: string }).access_token;
}

/** The catalogue upload service as the seller's own token sees it. */
async function service(path: string, init: RequestInit = {}, username = SELLER): Promise<Response> {
  const url = new URL(`${API}${path}`);
  url.searchParams.set("apikey", "sandbox-api-key");
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await token(username)}`);
  if (init.body && typeof init.body === "string") headers.set("Content-Type", "application/json");
  return fetch(url, { ...init, headers });
}

/** A file straight into the sandbox (no reading by the portal), as an older upload would be. */
async function storeFileDirectly(fileName: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.set("type", "CSV");
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  const response = await service("/me/seller/file", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** An analysis of the sample as the portal stores it: a factory, so each test says only what differs. */
function sampleAnalysis(fileId: string, changes: Partial<CatalogueAnalysis> = {}): CatalogueAnalysis {
  const fields = ["EAN", "TITLE", "PRODUCT_CATEGORY", "BRAND", "PRICE", "STOCK_QUANTITY", "COLOUR"] as const;
  return {
    fileId,
    format: { encoding: "windows-1252", delimiter: ";", headerRow: 1, sheet: null, sheets: [], detected: true },
    preview: [
      SAMPLE_HEADERS,
      ["4006381333931", "Schneidebrett Eiche 40 x 25 cm", "Haushalt > Küche > Schneidebretter", "Holzwerk Lausitz", "24,90", "38", "Natur"],
    ],
    columns: SAMPLE_HEADERS.map((header, index) => ({
      header,
      samples: ["x"],
      field: fields[index]!,
      confidence: index === 0 ? 0.97 : 0.8,
      source: "name" as const,
      change: null,
      renamedFrom: null,
    })),
    report: {
      rowsChecked: 12480,
      rowsRejected: 37,
      counts: { EAN_CHECK_DIGIT: 30, EAN_SCIENTIFIC: 5, REQUIRED_EMPTY: 2 },
      examples: [
        { row: 4, kind: "EAN_CHECK_DIGIT", column: "EAN", value: "4006381333932", firstRow: null },
        { row: 9, kind: "EAN_SCIENTIFIC", column: "EAN", value: "4.00638E+12", firstRow: null },
        { row: 12, kind: "REQUIRED_EMPTY", column: "Kategorie", value: "", firstRow: null },
      ],
      mapping: { EAN: "EAN", Kategorie: "PRODUCT_CATEGORY", Preis: "PRICE" },
      decimalStyle: "comma",
    },
    analysedAt: new Date().toISOString(),
    ...changes,
  };
}

async function storeAnalysis(analysis: CatalogueAnalysis) {
  const response = await service(`/me/seller/file/analysis?fileId=${analysis.fileId}`, { method: "PUT", body: JSON.stringify(analysis) });
  expect(response.status).toBe(200);
}

async function analysisOf(fileId: string): Promise<CatalogueAnalysis | null> {
  const response = await service(`/me/seller/file/analysis?fileId=${fileId}`);
  return response.status === 404 ? null : ((await response.json()) as CatalogueAnalysis);
}

/** The file read by the portal itself, as the page's "Read and check the file" does. */
async function readByPortal(fileId: string): Promise<CatalogueAnalysis> {
  const read = await browser.post(`${PORTAL}/upload/catalog?fileId=${fileId}`, { intent: "read", fileId });
  expect(read.status).toBe(302);
  return (await analysisOf(fileId))!;
}

async function memory(): Promise<MappingMemory | null> {
  const response = await service("/me/seller/catalogue-mapping-memory");
  return response.status === 404 ? null : ((await response.json()) as MappingMemory);
}

function mappingForm(fileId: string, fields: Record<string, string>, headers = SAMPLE_HEADERS): Record<string, string> {
  const form: Record<string, string> = { intent: "map", fileId };
  headers.forEach((header, index) => {
    form[`columns[${index}].header`] = header;
    form[`columns[${index}].field`] = fields[header] ?? "";
  });
  return form;
}

/** A page's HTML without React's separators between adjacent texts, so sentences read as the browser shows them. */
async function html(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
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

describe("the file being mapped, from its stored analysis", () => {
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
      /class="mapping__row--changed"><th scope="row">Artikelname<input[^>]*><span class="mapping__badge">Renamed \(was “Artikelbezeichnung”\)<\/span>/,
    );
    expect(page).toMatch(/class="mapping__row--changed"><th scope="row">Farbe<input[^>]*><span class="mapping__badge">New column<\/span>/);
  });

  it("offers to read a file the portal has not read yet", async () => {
    const fileId = await storeFileDirectly("alt.csv", SAMPLE_CSV);
    const page = await html(await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`));
    expect(page).toContain("We have not read this file yet");
    expect(page).toMatch(/<button type="submit" value="read" class="button button--secondary" name="intent">Read and check the file<\/button>/);
  });

  it("keeps the page when the analysis cannot be read, with the service's facts", async () => {
    const fileId = await storeFileDirectly("sortiment.csv", SAMPLE_CSV);
    await storeAnalysis(sampleAnalysis(fileId));
    await injectFault({ pattern: "/catalogue-upload/me/seller/file/analysis", method: "GET", status: 500 });
    const response = await browser.get(`${PORTAL}/upload/catalog?fileId=${fileId}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Catalogue files");
    expect(page).toMatch(/<h2 id="mapping-title">Column mapping<\/h2><div class="error-summary"[^>]*>[\s\S]*Injected fault[\s\S]*INJECTED_FAULT/);
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
  it("the overview says how many rows will be rejected, and never holds the submission back", async () => {
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
    const team = new TestBrowser();
    await team.signIn(PORTAL, "tom@example.com");
    const page = await html(await team.get(`${PORTAL}/product-catalogue-integration?sellerId=seller-catalogue`));
    expect(page).toContain("Windows-1252 (Western European), semicolon, header in row 1");
    expect(page).toContain("12,480 rows checked · 37 will be rejected");
    expect(page).toContain("EAN in scientific notation (digits lost, e.g. by Excel): 5");
  });
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
    const [head, ...lines] = (await response.text()).trim().split("\r\n");
    expect(head).toBe("row,problem,column,value,firstRow");
    const total = Object.values(report.counts).reduce((sum, count) => sum + (count ?? 0), 0);
    expect(lines).toHaveLength(total);
    // Fewer than 20 of each kind: the report's examples are the whole list.
    const fromReport = report.examples.map((problem) => `${problem.row},${problem.kind}`);
    expect(lines.map((line) => line.split(",").slice(0, 2).join(","))).toEqual(expect.arrayContaining(fromReport));
    expect(lines.filter((line) => line.includes(",EAN_SCIENTIFIC,")).map((line) => line.split(",")[0])).toEqual(["4", "10"]);
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
